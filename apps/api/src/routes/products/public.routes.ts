/** /api/products, public: the categories, suggestions and facets (the list and one product: caller.routes.ts). */
import { categoryListSchema, productFacetsSchema, suggestResponseSchema } from '@torget/shared/schemas/answers/catalog';
import { productFacetsQuerySchema, suggestQuerySchema } from '@torget/shared/schemas/product-query';
import { cacheTags } from '#api/lib/cache-changes.ts';
import { CATEGORIES_TTL_MS, listCategories } from '#api/modules/catalog/catalogue-counts.ts';
import { productFacets } from '#api/modules/catalog/facets.service.ts';
import { suggest } from '#api/modules/catalog/suggest.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

/** How long suggestions and facets may be served from the cache: as long as a product list. */
const SUGGEST_TTL_MS = 10_000;
const FACETS_TTL_MS = 10_000;

export const publicProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const { cache } = deps;

  // Every answer here is the same for everyone: ETag and a short public Cache-Control (lib/http-caching.ts).
  const config = { httpCache: 'catalogue' } as const;

  app.get('/categories', { schema: { response: { 200: categoryListSchema } }, config }, () =>
    cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db), [cacheTags.categories]),
  );

  // Suggestions and facets read across the catalogue: any product change drops them.
  app.get(
    '/suggest',
    { schema: { querystring: suggestQuerySchema, response: { 200: suggestResponseSchema } }, config },
    (request) => {
      const { q } = request.query;
      return cache.get(`products:suggest:${q.toLowerCase()}`, SUGGEST_TTL_MS, () => suggest(db, q), [
        cacheTags.catalogue,
      ]);
    },
  );

  app.get(
    '/facets',
    { schema: { querystring: productFacetsQuerySchema, response: { 200: productFacetsSchema } }, config },
    (request) =>
      cache.get(
        `products:facets:${JSON.stringify(request.query)}`,
        FACETS_TTL_MS,
        () => productFacets(db, request.query),
        // The facets count products by rating preset too.
        [cacheTags.catalogue, cacheTags.ratings(cacheTags.catalogue)],
      ),
  );
};
