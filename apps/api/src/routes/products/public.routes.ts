/** /api/products, public: the categories of the catalogue. */
import { CATEGORIES_TTL_MS, listCategories } from '#api/modules/catalog/catalog.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const publicProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { cache } = deps;

  app.get('/categories', () => cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db)));
};
