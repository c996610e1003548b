/** /api/products, public: the catalogue, its categories, suggestions, facets and one product. */
import {
  productFacetsQuerySchema,
  productListQuerySchema,
  suggestQuerySchema,
} from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { CATEGORIES_TTL_MS, listCategories, listProductsCached } from '#api/modules/catalog/catalog.service.ts';
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

  app.get('/', { schema: { querystring: productListQuerySchema } }, (request) =>
    listProductsCached(db, request.query, cache),
  );

  app.get('/categories', () => cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db)));

  app.get('/suggest', { schema: { querystring: suggestQuerySchema } }, (request) => {
    const { q } = request.query;
    return cache.get(`products:suggest:${q.toLowerCase()}`, SUGGEST_TTL_MS, () => suggest(db, q));
  });

  app.get('/facets', { schema: { querystring: productFacetsQuerySchema } }, (request) =>
    cache.get(`products:facets:${JSON.stringify(request.query)}`, FACETS_TTL_MS, () =>
      productFacets(db, request.query),
    ),
  );

  app.get('/:id', { schema: { params: idParams } }, (request) => productOrNotFound(db, request.params.id));
};
