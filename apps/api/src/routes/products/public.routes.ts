/** /api/products: the public catalogue. */
import { productUpdateSchema, reviewSchema } from '@torget/shared/catalog';
import { productListQuerySchema } from '@torget/shared/product-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/http-errors';
import {
  CATEGORIES_TTL_MS,
  getProduct,
  listCategories,
  listProductsCached,
} from '../../modules/catalog/catalog.service';
import { createEmptyProduct, deleteProduct, updateProduct } from '../../modules/catalog/products.service';
import { addReview } from '../../modules/catalog/reviews.service';

const idParams = z.object({ id: z.string() });

export const catalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { auth, cache } = deps;

  async function productOrNotFound(id: string) {
    const product = await getProduct(db, id);
    if (!product) throw notFound('Product Not Found');
    return product;
  }

  app.get('/', { schema: { querystring: productListQuerySchema } }, (request) =>
    listProductsCached(db, request.query, cache),
  );

  app.get('/categories', () => cache.get('categories', CATEGORIES_TTL_MS, () => listCategories(db)));

  app.get('/:id', { schema: { params: idParams } }, (request) => productOrNotFound(request.params.id));

  app.post('/', async (request, reply) => {
    const seller = await auth.requireSeller(request);
    const id = await createEmptyProduct(db, seller);
    return reply.status(201).send({ message: 'Product Created', product: await productOrNotFound(id) });
  });

  app.put('/:id', { schema: { params: idParams, body: productUpdateSchema } }, async (request) => {
    const user = await auth.requireUser(request);
    await updateProduct(db, user, request.params.id, request.body);
    return { message: 'Product Updated', product: await productOrNotFound(request.params.id) };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    const user = await auth.requireUser(request);
    await deleteProduct(db, user, request.params.id);
    return { message: 'Product Deleted' };
  });

  app.post('/:id/reviews', { schema: { params: idParams, body: reviewSchema } }, async (request, reply) => {
    const user = await auth.requireUser(request);
    const review = await addReview(db, user, request.params.id, request.body);
    return reply.status(201).send({ message: 'Review Created', review });
  });
};
