/**
 * GET /api/products/{id}/removal, for the product's seller and admins: the statement of reasons
 * of a product removed by moderation, which its edit page shows (DSA art. 17). 404 for anyone
 * else, as for a product they may not see; `{ removal: null }` for a product not removed.
 */
import { productRemovalAnswerSchema } from '@torget/shared/schemas/answers/catalog';
import { z } from 'zod';
import { notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { findProductFacts } from '#api/modules/catalog/product-facts.service.ts';
import { productRemoval } from '#api/modules/reports/reports.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

const idParams = z.object({ id: z.string() });

export const removalProductRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/:id/removal',
    { schema: { params: idParams, response: { 200: productRemovalAnswerSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const id = request.params.id.toLowerCase();
      const product = isUuid(id) ? await findProductFacts(deps.database.reader, id) : null;
      if (!product || !(user.isAdmin || product.sellerId === user.id)) throw notFound('Product Not Found');
      void reply.header('cache-control', 'private, no-store');
      return { removal: await productRemoval(deps.database.reader, product) };
    },
  );
};
