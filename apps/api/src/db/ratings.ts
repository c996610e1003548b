/**
 * The rating aggregate (spec section 3: a product's and a seller's `rating` and `numReviews`):
 * the mean of the review ratings, 0 without reviews, and the number of reviews. Stored on the
 * product and the seller so lists can sort by it; recomputed here, in one statement per row set,
 * by the review endpoint, the product delete and the demo seed.
 */
import { type Column, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { products, reviews, sellers } from './schema';

/** The `rating` and `numReviews` of the reviews whose `key` column equals `owner`. */
function aggregateOf(key: Column, owner: Column | string): { rating: SQL; numReviews: SQL } {
  const of = eq(key, owner);
  return {
    rating: sql`(select coalesce(avg(${reviews.rating}), 0) from ${reviews} where ${of})`,
    numReviews: sql`(select count(*) from ${reviews} where ${of})`,
  };
}

export async function recomputeProductRating(tx: Db, productId: string): Promise<void> {
  await tx.update(products).set(aggregateOf(reviews.productId, productId)).where(eq(products.id, productId));
}

export async function recomputeSellerRating(tx: Db, sellerId: string): Promise<void> {
  await tx.update(sellers).set(aggregateOf(reviews.sellerId, sellerId)).where(eq(sellers.userId, sellerId));
}

/** Every reviewed product and seller at once (the demo seed writes its reviews in bulk). */
export async function recomputeAllRatings(tx: Db): Promise<void> {
  const productReviews = tx.select({ one: sql`1` }).from(reviews).where(eq(reviews.productId, products.id));
  await tx.update(products).set(aggregateOf(reviews.productId, products.id)).where(exists(productReviews));
  const sellerReviews = tx.select({ one: sql`1` }).from(reviews).where(eq(reviews.sellerId, sellers.userId));
  await tx.update(sellers).set(aggregateOf(reviews.sellerId, sellers.userId)).where(exists(sellerReviews));
}
