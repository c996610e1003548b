/**
 * The one predicate of a product shown to shoppers (issue 16): LISTED = seller_active AND NOT
 * is_draft. `seller_active` is the seller's status copied onto the product (see the schema), so
 * no join to users is needed; a draft is shown to nobody but its seller and admins. Every
 * public list, count, search, suggestion, category list and sitemap filters on it.
 */
import { sql } from 'drizzle-orm';
import { products } from '#api/db/schema.ts';

export const listed = sql`(${products.sellerActive} and not ${products.isDraft})`;

/** The same predicate as plain SQL, for statements over `products` written by hand (sitemaps). */
export const LISTED_SQL_TEXT = 'seller_active and not is_draft';
