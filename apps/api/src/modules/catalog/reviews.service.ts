/** Reviews: one per user and product; ratings of the product and its seller follow at once. */
import type { Review } from '@torget/shared/api-types.generated';
import { canReviewProduct } from '@torget/shared/policies/products';
import { sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import type { ProductFacts } from '#api/lib/cache-changes.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-errors.ts';

export const ALREADY_REVIEWED = 'You already submitted a review for this product.';

/** The name shown on the reviews of an account that was deleted or anonymised. */
export const FORMER_CUSTOMER_NAME = 'Tidigare kund';

/** What the procedure `torget_add_review` (migration 0017) answers. */
interface AddReviewOutcome {
  outcome: 'created' | 'missing' | 'reviewed';
  review_id: string | null;
  review_verified: boolean | null;
  /** As PostgreSQL writes a timestamptz (the row is read by execute, as text or as a Date). */
  review_created_at: string | Date | null;
}

/**
 * Adds the user's review of `product` (its facts as read by the route: a product's seller never
 * changes). In one round trip: the procedure locks the product, refuses a second review
 * by the same user, marks a verified purchase, inserts the review and recomputes the product's and
 * the seller's ratings, all in one transaction (migration 0017 says how it keeps the checks exact).
 */
export async function addReview(
  db: Db,
  user: AuthUser,
  product: (ProductFacts & { isDraft: boolean }) | null,
  input: { rating: number; comment: string },
): Promise<Review> {
  // A draft cannot be bought, so nobody reviews it; and like every other read of a draft it
  // answers as a product that is not there, so a review cannot probe whether a draft exists.
  if (!product || product.isDraft) throw notFound('Product Not Found');
  if (!canReviewProduct(user, product)) throw forbidden('You cannot review your own product.');
  // The name shown is the account's, so nobody can post under another name.
  const result = (await db.execute(sql`
    call torget_add_review(${product.id}::uuid, ${user.id}::uuid, ${user.name}, ${input.rating}::smallint, ${input.comment})
  `)) as unknown as { rows: AddReviewOutcome[] };
  const answer = result.rows[0];
  if (!answer || answer.outcome === 'missing') throw notFound('Product Not Found');
  if (answer.outcome === 'reviewed') throw conflict(ALREADY_REVIEWED);
  if (!answer.review_id || answer.review_verified === null || answer.review_created_at === null) {
    throw new Error('torget_add_review created a review without its fields');
  }
  return {
    _id: answer.review_id,
    name: user.name,
    rating: input.rating,
    comment: input.comment,
    createdAt: new Date(answer.review_created_at).toISOString(),
    verified: answer.review_verified,
  };
}
