/**
 * The rating aggregate (spec section 3: a product's and a seller's `rating` and `numReviews`):
 * the mean of the review ratings, 0 without reviews, and the number of reviews. Stored on the
 * product and the seller so lists can sort by it. Written once, in the database's procedures
 * `torget_rate_product` and `torget_rate_seller` (db/sql/70-reviews.sql), which the review procedure
 * calls too; these call them for the product delete and the demo seed.
 *
 * Accounts that never bought the product must not move its figures: a product's `rating` is the
 * mean of its verified-purchase reviews when it has one, otherwise of all its reviews (a product
 * nobody has bought yet still shows its reviews' rating), while `numReviews` counts every review;
 * `verifiedRating` and `numVerifiedReviews` are the verified reviews' own (migration 0028,
 * docs/decisions/120-ratings-from-verified-reviews.md). A seller's figures count only verified
 * reviews: they rank Top Sellers (docs/decisions/023-reviews-and-verified-seller-rating.md).
 *
 * Run through a writer's handle or inside a transaction: a reader's handle never counts a
 * statement as a write (db/handles.ts), whatever its text.
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
