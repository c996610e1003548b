/**
 * The rating aggregate (spec section 3: a product's and a seller's `rating` and `numReviews`):
 * the mean of the review ratings, 0 without reviews, and the number of reviews. Stored on the
 * product and the seller so lists can sort by it. Written once, in the database's procedures
 * `torget_rate_product` and `torget_rate_seller` (migration 0017), which the review procedure
 * calls too; these call them for the product delete and the demo seed.
 *
 * A product's rating counts every review (the spec: any signed-in customer may review). A
 * seller's counts only verified-purchase reviews: it ranks Top Sellers and feeds the rating
 * filter, and accounts that never bought from the shop must not move it (docs/decisions/023-reviews-and-verified-seller-rating.md).
 *
 * CALL, not a SELECT of a function: the read cache counts a statement as a write by its text
 * (db/client.ts, changesNoData), and a CALL is plainly one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export async function recomputeSellerRating(tx: Db, sellerId: string): Promise<void> {
  await tx.execute(sql`call torget_rate_seller(${sellerId}::uuid)`);
}

/** Every reviewed product and seller at once (the demo seed writes its reviews in bulk). */
export async function recomputeAllRatings(tx: Db): Promise<void> {
  await tx.execute(sql`call torget_rate_all()`);
}
