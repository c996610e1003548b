/** Reviews: one per user and product; ratings of the product and its seller follow at once (db/ratings.ts). */
import type { Review } from '@torget/shared/api-types';
import { canReviewProduct } from '@torget/shared/policies/products';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recomputeProductRating, recomputeSellerRating } from '../../db/ratings';
import { products, reviews } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { isUuid } from './catalog.service';
import { toReviewJson } from './product-json';

export const ALREADY_REVIEWED = 'You already submitted a review for this product.';

export async function addReview(
  db: Db,
  user: AuthUser,
  productId: string,
  input: { rating: number; comment: string },
): Promise<Review> {
  if (!isUuid(productId)) throw notFound('Product Not Found');
  return db.transaction(async (tx) => {
    // Locking the product serialises reviews of it, so the recomputed figures are exact.
    const [product] = await tx
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw notFound('Product Not Found');
    if (!canReviewProduct(user, product)) throw forbidden('You cannot review your own product.');
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, user.id)));
    if (existing) throw conflict(ALREADY_REVIEWED);
    const [review] = await tx
      .insert(reviews)
      .values({
        productId,
        sellerId: product.sellerId,
        userId: user.id,
        // The name shown is the account's, so nobody can post under another name.
        name: user.name,
        rating: input.rating,
        comment: input.comment,
      })
      .returning();
    if (!review) throw new Error('insert returned nothing');
    await recomputeProductRating(tx, productId);
    await recomputeSellerRating(tx, product.sellerId);
    return toReviewJson(review);
  });
}
