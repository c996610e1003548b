/** What the cache's invalidation needs to know of a product (lib/cache-changes.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import type { ProductFacts } from '#api/lib/cache-changes.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { sessionUserAndProduct } from './session-product-read';

const factColumns = {
  id: products.id,
  sellerId: products.sellerId,
  category: products.category,
  numReviews: products.numReviews,
  // A draft is nobody's to review (reviews.service.ts).
  isDraft: products.isDraft,
};

/** The product's seller, category, review count and whether it is a draft; null when there is none with that id. */
export async function findProductFacts(
  db: Db,
  id: string,
): Promise<(ProductFacts & { numReviews: number; isDraft: boolean }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(factColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * The user of the session `claims` names and the facts of product `id` (null when there is none),
 * in one statement: for a review (`readsSessionUser`). An ended session is a 401 first.
 */
export const findSessionUserAndProductFacts = sessionUserAndProduct('session_user_product_facts', factColumns);
