/**
 * /api/products, for anyone signed in: editing and deleting (the services allow the product's
 * seller and admins) and reviewing (anyone but the product's own seller).
 */
import { productUpdateSchema, reviewSchema } from '@torget/shared/schemas/catalog';
import { z } from 'zod';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { deleteProduct, updateProduct } from '#api/modules/catalog/products.service.ts';
import { addReview } from '#api/modules/catalog/reviews.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const signedInProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const reviewsPerAddress = createLimiter(app, 'reviews', deps.rateLimits);

  app.put('/:id', { schema: { params: idParams, body: productUpdateSchema } }, async (request) => {
    await updateProduct(db, userOf(request), request.params.id, request.body);
    return { message: 'Product Updated', product: await productOrNotFound(db, request.params.id, userOf(request)) };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await deleteProduct(db, userOf(request), request.params.id);
    return { message: 'Product Deleted' };
  });

  app.post('/:id/reviews', { schema: { params: idParams, body: reviewSchema } }, async (request, reply) => {
    await reviewsPerAddress.hitAddress(request);
    const review = await addReview(db, userOf(request), request.params.id, request.body);
    return reply.status(201).send({ message: 'Review Created', review });
  });
};
