/**
 * The rating aggregate (spec section 3: a product's and a seller's `rating` and `numReviews`):
 * the mean of the review ratings, 0 without reviews, and the number of reviews. Stored on the
 * product and the seller so lists can sort by it; recomputed here, in one statement per row set,
 * by the product delete and the demo seed, and by the review endpoint's procedure
 * (`torget_add_review`, migration 0017) with the same expressions.
 *
 * A product's rating counts every review (the spec: any signed-in customer may review). A
 * seller's counts only verified-purchase reviews: it ranks Top Sellers and feeds the rating
 * filter, and accounts that never bought from the shop must not move it (docs/decisions.md).
 */
import { and, type Column, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { products, reviews, sellers } from './schema';

/**
 * The `rating` and `numReviews` of the reviews whose `key` column equals `owner` (and, with
 * `verifiedOnly`, that are verified purchases).
 */
function aggregateOf(key: Column, owner: Column | string, verifiedOnly = false): { rating: SQL; numReviews: SQL } {
  const of = verifiedOnly ? and(eq(key, owner), eq(reviews.verified, true)) : eq(key, owner);
  return {
    rating: sql`(select coalesce(avg(${reviews.rating}), 0) from ${reviews} where ${of})`,
    numReviews: sql`(select count(*) from ${reviews} where ${of})`,
  };
}

export async function recomputeSellerRating(tx: Db, sellerId: string): Promise<void> {
  await tx
    .update(sellers)
    .set(aggregateOf(reviews.sellerId, sellerId, true))
    .where(eq(sellers.userId, sellerId));
}

/** Every reviewed product and seller at once (the demo seed writes its reviews in bulk). */
export async function recomputeAllRatings(tx: Db): Promise<void> {
  const productReviews = tx.select({ one: sql`1` }).from(reviews).where(eq(reviews.productId, products.id));
  await tx.update(products).set(aggregateOf(reviews.productId, products.id)).where(exists(productReviews));
  const sellerReviews = tx.select({ one: sql`1` }).from(reviews).where(eq(reviews.sellerId, sellers.userId));
  await tx
    .update(sellers)
    .set(aggregateOf(reviews.sellerId, sellers.userId, true))
    .where(exists(sellerReviews));
}
