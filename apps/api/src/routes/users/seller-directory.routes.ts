/** /api/users, public: the seller directory (top sellers, the seller of a custom domain). */
import { topSellerListSchema } from '@torget/shared/schemas/answers/catalog';
import { z } from 'zod';
import { cacheTags } from '#api/lib/cache-changes.ts';
import { findSellerIdByDomain, listTopSellers, TOP_SELLERS_TTL_MS } from '#api/modules/sellers/sellers.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const sellerDirectoryRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/top-sellers',
    { schema: { response: { 200: topSellerListSchema } }, config: { httpCache: 'catalogue' } },
    () =>
      deps.cache.get('top-sellers', TOP_SELLERS_TTL_MS, () => listTopSellers(deps.database.reader), [
        cacheTags.topSellers,
      ]),
  );

  // Which seller owns a custom domain: the seller id, or '0' when none (spec section 7).
  app.get(
    '/domain_seller/:hostname',
    {
      schema: {
        params: z.object({ hostname: z.string().max(260) }),
        response: { 200: { content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const id = await findSellerIdByDomain(deps.database.reader, request.params.hostname);
      return reply.type('text/plain; charset=utf-8').send(id ?? '0');
    },
  );
};
