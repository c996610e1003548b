/** Which products shoppers see, as one SQL predicate for every catalogue read. */
import { sql } from 'drizzle-orm';
import { products } from '#api/db/schema.ts';

/**
 * A product is LISTED while its seller is an active seller (`seller_active`, the seller's status
 * copied onto the product by triggers) and it is not a draft. The catalogue's partial indexes
 * cover exactly these products (migration 0007), so every read uses this predicate as it is.
 */
export const listed = sql`(${products.sellerActive} and not ${products.isDraft})`;
