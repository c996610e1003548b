/** Reviews: one per user and product; ratings of the product and its seller follow at once (db/ratings.ts). */
import type { Review } from '@torget/shared/api-types';
import { canReviewProduct } from '@torget/shared/policies/products';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { recomputeProductRating, recomputeSellerRating } from '#api/db/ratings.ts';
import { orderItems, orders, products, reviews } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from './catalog.service';
import { toReviewJson } from './product-json';

export const ALREADY_REVIEWED = 'You already submitted a review for this product.';

/** The name shown on the reviews of an account that was deleted or anonymised. */
export const FORMER_CUSTOMER_NAME = 'Tidigare kund';

/** Whether the user has a paid or delivered order of the product: their review is a verified purchase. */
async function hasBought(tx: Db, userId: string, productId: string): Promise<boolean> {
  const [bought] = await tx
    .select({ id: orders.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.productId, productId),
        eq(orders.userId, userId),
        or(eq(orders.isPaid, true), eq(orders.isDelivered, true)),
      ),
    )
    .limit(1);
  return bought !== undefined;
}

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
    const verified = await hasBought(tx, user.id, productId);
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
        verified,
      })
      .returning();
    if (!review) throw new Error('insert returned nothing');
    await recomputeProductRating(tx, productId);
    await recomputeSellerRating(tx, product.sellerId);
    return toReviewJson(review);
  });
}
