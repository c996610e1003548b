/**
 * The rating aggregate (spec section 3: a product's and a seller's `rating` and `numReviews`):
 * the mean of the review ratings, 0 without reviews, and the number of reviews. Stored on the
 * product and the seller so lists can sort by it; recomputed here, in one statement per row set,
 * by the review endpoint, the product delete and the demo seed.
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

/**
 * Both, after a review of `productId` (sold by `sellerId`): the product's and the seller's
 * aggregates in one statement, one round trip fewer for the review endpoint (issue 13's mixed
 * workload: a review waited for the machine once per statement). Two UPDATEs of different
 * tables; each reads the reviews as the transaction sees them, the new review included.
 */
export async function recomputeProductAndSellerRatings(tx: Db, productId: string, sellerId: string): Promise<void> {
  const ratedProduct = tx
    .$with('rated_product')
    .as(
      tx
        .update(products)
        .set(aggregateOf(reviews.productId, productId))
        .where(eq(products.id, productId))
        .returning({ id: products.id }),
    );
  await tx
    .with(ratedProduct)
    .update(sellers)
    .set(aggregateOf(reviews.sellerId, sellerId, true))
    .where(eq(sellers.userId, sellerId));
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
