/** Which products shoppers see, as one SQL predicate for every catalogue read. */
import { sql } from 'drizzle-orm';
import { products } from '#api/db/schema.ts';

/**
 * A product is LISTED while it is on public view (`seller_active`: its seller is an active seller
 * and the product is neither hidden by the seller nor removed by moderation, kept by triggers,
 * docs/decisions/243-hidden-and-removed-products.md) and it is not a draft. The catalogue's
 * partial indexes cover exactly these products (migration 0007), so every read uses this
 * predicate as it is.
 */
export const listed = sql`(${products.sellerActive} and not ${products.isDraft})`;
