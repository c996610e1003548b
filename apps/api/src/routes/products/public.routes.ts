/** /api/products, public: the catalogue, its categories and one product. */
import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { CATEGORIES_TTL_MS, listCategories, listProductsCached } from '#api/modules/catalog/catalog.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const publicProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { cache } = deps;

  app.get('/', { schema: { querystring: productListQuerySchema } }, (request) =>
    listProductsCached(db, request.query, cache),
  );

  app.get('/categories', () => cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db)));

  app.get('/:id', { schema: { params: idParams } }, (request) => productOrNotFound(db, request.params.id));
};
