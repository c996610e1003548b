/** /api/products: the public catalogue. */
import { productListQuerySchema } from '@torget/shared/product-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/http-errors';
import { getProduct, listCategories, listProducts } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get('/', { schema: { querystring: productListQuerySchema } }, (request) => listProducts(db, request.query));

  app.get('/categories', () => listCategories(db));

  app.get('/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const product = await getProduct(db, request.params.id);
    if (!product) throw notFound('Product Not Found');
    return product;
  });
};
