/** /api/products, public: the catalogue, its categories, suggestions, facets and one product. */
import {
  productFacetsQuerySchema,
  productListQuerySchema,
  suggestQuerySchema,
} from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { cacheTags } from '#api/lib/cache-changes.ts';
import {
  CATEGORIES_TTL_MS,
  listCategories,
  listProductsCached,
  PRODUCT_LIST_TTL_MS,
} from '#api/modules/catalog/catalog.service.ts';
import { productFacets } from '#api/modules/catalog/facets.service.ts';
import { suggest } from '#api/modules/catalog/suggest.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

/** How long suggestions and facets may be served from the cache: as long as a product list. */
const SUGGEST_TTL_MS = 10_000;
const FACETS_TTL_MS = 10_000;

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

  // Suggestions and facets read across the catalogue: any product change drops them.
  app.get('/suggest', { schema: { querystring: suggestQuerySchema }, config }, (request) => {
    const { q } = request.query;
    return cache.get(`products:suggest:${q.toLowerCase()}`, SUGGEST_TTL_MS, () => suggest(db, q), [
      cacheTags.catalogue,
    ]);
  });

  app.get('/facets', { schema: { querystring: productFacetsQuerySchema }, config }, (request) =>
    cache.get(
      `products:facets:${JSON.stringify(request.query)}`,
      FACETS_TTL_MS,
      () => productFacets(db, request.query),
      [cacheTags.catalogue],
    ),
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
