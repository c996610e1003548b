/**
 * /api/products, for anyone signed in: editing and deleting (the services allow the product's
 * seller and admins) and reviewing (anyone but the product's own seller).
 */
import { productUpdateSchema, reviewSchema } from '@torget/shared/schemas/catalog';
import { z } from 'zod';
import { declareChanges, productChangeTags } from '#api/lib/cache-changes.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { ALL_TAGS } from '#api/lib/read-cache.ts';
import { findProductFacts } from '#api/modules/catalog/product-facts.service.ts';
import { deleteProduct, updateProduct } from '#api/modules/catalog/products.service.ts';
import { addReview } from '#api/modules/catalog/reviews.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const signedInProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const reviewsPerAddress = createLimiter(app, 'reviews', deps.rateLimits);

  app.put('/:id', { schema: { params: idParams, body: productUpdateSchema } }, async (request) => {
    // The lists the product was in and the lists it is in now (lib/cache-changes.ts).
    const before = await findProductFacts(db, request.params.id);
    declareChanges(request, productChangeTags(before ? [before] : []));
    await updateProduct(db, userOf(request), request.params.id, request.body);
    const after = await findProductFacts(db, request.params.id);
    declareChanges(request, productChangeTags(after ? [after] : []));
    return { message: 'Product Updated', product: await productOrNotFound(db, request.params.id, userOf(request)) };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    // With reviews gone, the seller's rating changes, and it shows on every product of theirs.
    const before = await findProductFacts(db, request.params.id);
    declareChanges(request, before && before.numReviews === 0 ? productChangeTags([before]) : [ALL_TAGS]);
    await deleteProduct(db, userOf(request), request.params.id);
    return { message: 'Product Deleted' };
  });

  app.post('/:id/reviews', { schema: { params: idParams, body: reviewSchema } }, async (request, reply) => {
    await reviewsPerAddress.hitAddress(request);
    const review = await addReview(db, userOf(request), request.params.id, request.body);
    return reply.status(201).send({ message: 'Review Created', review });
  });
};
