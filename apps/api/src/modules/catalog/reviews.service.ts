/** Reviews: one per user and product; ratings of the product and its seller follow at once (db/ratings.ts). */
import type { Review } from '@torget/shared/api-types';
import { canReviewProduct } from '@torget/shared/policies/products';
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { recomputeProductAndSellerRatings } from '#api/db/ratings.ts';
import { orderItems, orders, products, reviews } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from './catalog.service';
import { toReviewJson } from './product-json';

export const ALREADY_REVIEWED = 'You already submitted a review for this product.';

/** The name shown on the reviews of an account that was deleted or anonymised. */
export const FORMER_CUSTOMER_NAME = 'Tidigare kund';

/**
 * Whether the user has reviewed the product already, and whether they have a paid or delivered
 * order of it (their review is then a verified purchase): one statement.
 */
async function reviewedAndBought(tx: Db, userId: string, productId: string) {
  const [row] = await tx
    .select({
      reviewed: exists(
        tx
          .select({ one: sql`1` })
          .from(reviews)
          .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
      ),
      bought: exists(
        tx
          .select({ one: sql`1` })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(
            and(
              eq(orderItems.productId, productId),
              eq(orders.userId, userId),
              or(eq(orders.isPaid, true), eq(orders.isDelivered, true)),
            ),
          ),
      ),
    })
    .from(sql`(select 1) as one`);
  return { reviewed: row?.reviewed === true, bought: row?.bought === true };
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
    // A statement after the lock's, so it sees a review of this product committed while it waited.
    const { reviewed, bought: verified } = await reviewedAndBought(tx, user.id, productId);
    if (reviewed) throw conflict(ALREADY_REVIEWED);
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
    await recomputeProductAndSellerRatings(tx, productId, product.sellerId);
    return toReviewJson(review);
  });
}
