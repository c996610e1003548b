/**
 * /api/products, for anyone signed in: editing and deleting (the services allow the product's
 * seller and admins) and reviewing (anyone but the product's own seller).
 */
import {
  productDeletedSchema,
  productUpdatedSchema,
  reviewCreatedSchema,
} from '@torget/shared/schemas/answers/catalog';
import { productUpdateSchema, reviewSchema } from '@torget/shared/schemas/catalog';
import { z } from 'zod';
import {
  cacheTags,
  dbFor,
  declareChanges,
  productChangeTags,
  productEditTags,
  reviewChangeTags,
} from '#api/lib/cache-changes.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { findProductFacts, findSessionUserAndProductFacts } from '#api/modules/catalog/product-facts.service.ts';
import { deleteProduct, updateProduct } from '#api/modules/catalog/products.service.ts';
import { addReview } from '#api/modules/catalog/reviews.service.ts';
import { claimsOf, type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const signedInProductRoutes: RoutePlugin = async (app, { deps }) => {
  const reviewsPerAddress = createLimiter(app, 'reviews', deps.rateLimits);

  // An edit's first statement reads the session's user with the product (readsSessionUser).
  const editRoute = {
    schema: { params: idParams, body: productUpdateSchema, response: { 200: productUpdatedSchema } },
    config: { readsSessionUser: true },
  };
  app.put('/:id', editRoute, async (request) => {
    const db = dbFor(request);
    // The lists that could hold the product as it was or as it is now (lib/cache-changes.ts).
    // Declared first for the product as read, so a refused save drops only those; then for the
    // product as it was under the save's lock and as saved.
    const { editor, before, saved } = await updateProduct(
      db,
      claimsOf(request),
      request.params.id,
      request.body,
      (current) => declareChanges(request, productEditTags(current, current)),
    );
    declareChanges(request, productEditTags(before, saved));
    return { message: 'Product Updated', product: await productOrNotFound(db, request.params.id, editor) };
  });

  app.delete('/:id', { schema: { params: idParams, response: { 200: productDeletedSchema } } }, async (request) => {
    const db = dbFor(request);
    // With its reviews gone, the seller's rating may change: it shows wherever the seller does.
    const before = await findProductFacts(db, request.params.id);
    if (before) {
      const ratingTags = before.numReviews > 0 ? [cacheTags.sellerShown(before.sellerId), cacheTags.topSellers] : [];
      declareChanges(request, [...productChangeTags([before]), ...ratingTags]);
    }
    await deleteProduct(db, userOf(request), request.params.id);
    return { message: 'Product Deleted' };
  });

  // The review's first statement reads the session's user with the product's facts: the guard
  // checks the token and reads nothing (readsSessionUser, routes/audiences.ts).
  const reviewRoute = {
    schema: { params: idParams, body: reviewSchema, response: { 201: reviewCreatedSchema } },
    config: { readsSessionUser: true },
  };
  app.post('/:id/reviews', reviewRoute, async (request, reply) => {
    await reviewsPerAddress.hitAddress(request);
    const db = dbFor(request);
    const { user, product } = await findSessionUserAndProductFacts(db, claimsOf(request), request.params.id);
    // Nothing is written for a product that is not there (addReview answers 404).
    declareChanges(request, product ? reviewChangeTags(product, false) : []);
    const review = await addReview(db, user, product, request.body);
    if (product && review.verified) declareChanges(request, reviewChangeTags(product, true));
    return reply.status(201).send({ message: 'Review Created', review });
  });
};
