/** /api/products, public: the catalogue, its categories and one product. */
import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { cacheTags } from '#api/lib/cache-changes.ts';
import {
  CATEGORIES_TTL_MS,
  listCategories,
  listProductsCached,
  PRODUCT_LIST_TTL_MS,
} from '#api/modules/catalog/catalog.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const publicProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { cache } = deps;

  // Every answer here is the same for everyone: ETag and a short public Cache-Control (lib/http-caching.ts).
  const config = { httpCache: 'catalogue' } as const;

  app.get('/', { schema: { querystring: productListQuerySchema }, config }, (request) =>
    listProductsCached(db, request.query, cache),
  );

  app.get('/categories', { config }, () =>
    cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db), [cacheTags.categories]),
  );

  // A product page is dropped by any write to the product (lib/cache-changes.ts), so it may be
  // kept as long as a list. Only the anonymous answer is kept: what a signed-in caller sees
  // may one day depend on who they are (a draft for its seller, say).
  app.get('/:id', { schema: { params: idParams }, config }, (request) => {
    const { id } = request.params;
    if (request.headers.authorization) return productOrNotFound(db, id);
    return cache.get(`product:${id}`, PRODUCT_LIST_TTL_MS, () => productOrNotFound(db, id), [cacheTags.product(id)]);
  });
};
