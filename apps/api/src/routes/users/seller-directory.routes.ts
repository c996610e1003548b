/** Public seller directory under /api/users. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { findSellerIdByDomain, listTopSellers, TOP_SELLERS_TTL_MS } from '../../modules/sellers/sellers.service';

export const sellerDirectoryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/top-sellers', () =>
    deps.cache.get('top-sellers', TOP_SELLERS_TTL_MS, () => listTopSellers(deps.database.db)),
  );

  // Which seller owns a custom domain: the seller id, or '0' when none (spec section 7).
  app.get(
    '/domain_seller/:hostname',
    { schema: { params: z.object({ hostname: z.string().max(260) }) } },
    async (request, reply) => {
      const id = await findSellerIdByDomain(deps.database.db, request.params.hostname);
      return reply.type('text/plain; charset=utf-8').send(id ?? '0');
    },
  );
};
