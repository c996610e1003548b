/**
 * /api/products for everyone, reading the caller when a token is sent: the catalogue
 * and one product as before, and drafts for their seller and admins only. The managing list
 * (`scope=manage`: a seller's own products, an admin's) needs the token. A caller with a token
 * gets `private, no-cache` (lib/http-caching.ts), so nobody's draft sits in a shared cache.
 */
import { canManageProductList } from '@torget/shared/policies/products';
import { productDetailsSchema, productListResponseSchema } from '@torget/shared/schemas/answers/catalog';
import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { cacheTags } from '#api/lib/cache-changes.ts';
import { sendJsonText } from '#api/lib/http-caching.ts';
import { forbidden, unauthorized } from '#api/lib/http-errors.ts';
import { listManagedProducts } from '#api/modules/catalog/managed-products.service.ts';
import { listProductsCached, PRODUCT_LIST_TTL_MS } from '#api/modules/catalog/product-list.service.ts';
import { callerOf, type RoutePlugin } from '#api/routes/audiences.ts';
import { productAnswerOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const callerProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const { cache } = deps;
  const config = { httpCache: 'catalogue' } as const;

  const listSchema = { querystring: productListQuerySchema, response: { 200: productListResponseSchema } };
  app.get('/', { schema: listSchema, config }, async (request, reply) => {
    const { query } = request;
    if (query.scope !== 'manage') {
      // Written as JSON from the rows already (modules/catalog/product-json.ts).
      return sendJsonText(reply, await listProductsCached(db, query, cache));
    }
    const caller = callerOf(request);
    if (!caller) throw unauthorized('No Token');
    if (!canManageProductList(caller, query.seller)) throw forbidden('You can only list your own products.');
    return listManagedProducts(db, query);
  });

  // A product page is dropped by any write to the product (lib/cache-changes.ts), so it may be
  // kept as long as a list. Only the anonymous answer is kept: a signed-in caller may see a
  // draft (its seller, an admin).
  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: productDetailsSchema } }, config },
    async (request, reply) => {
      // The database reads a uuid in any case, but writes name the product in lower case, as the
      // database writes it: a key in capitals would never be dropped by a write and would serve the
      // old product until its time ran out.
      const id = request.params.id.toLowerCase();
      const caller = callerOf(request);
      const answer = caller
        ? await productAnswerOrNotFound(db, id, caller)
        : await cache.get(
            `product:${id}`,
            PRODUCT_LIST_TTL_MS,
            () => productAnswerOrNotFound(db, id, null),
            [cacheTags.product(id)],
            // The page shows the seller's brief, with the seller's rating.
            (product) => [cacheTags.sellerShown(product.sellerId)],
          );
      return sendJsonText(reply, answer);
    },
  );
};
