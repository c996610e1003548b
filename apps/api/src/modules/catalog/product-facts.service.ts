/** What the cache's invalidation needs to know of a product (lib/cache-changes.ts). */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { products, users } from '#api/db/schema.ts';
import {
  type AuthUser,
  sessionUserColumns,
  sessionUserCondition,
  sessionUserOf,
  type TokenClaims,
} from '#api/lib/auth.ts';
import type { ProductFacts } from '#api/lib/cache-changes.ts';
import { isUuid } from './catalog.service';

type ProductFactsRow = ProductFacts & { numReviews: number };

const factColumns = {
  id: products.id,
  sellerId: products.sellerId,
  category: products.category,
  numReviews: products.numReviews,
};

/** The product's seller, category and review count; null when there is none with that id. */
export async function findProductFacts(db: Db, id: string): Promise<ProductFactsRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(factColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** The session's account as the read below names it. */
const sessionUsers = alias(users, 'session_user');

/**
 * The session's user and the product's facts in one statement, prepared once per database: the
 * session's account left-joined to the product, so an ended session gives no row and a missing
 * product a row with no product. For a route that reads its session's user itself
 * (`readsSessionUser`, routes/audiences.ts): a review.
 */
const sessionAndFactsStatementOf = preparedOnce((db) =>
  db
    .select({ user: sessionUserColumns(sessionUsers), product: factColumns })
    .from(sessionUsers)
    .leftJoin(products, eq(products.id, sql.placeholder('productId')))
    .where(sessionUserCondition(sessionUsers, sql.placeholder('userId')))
    .prepare('session_user_product_facts'),
);

/**
 * The user of the session `claims` names and the facts of product `id` (null when there is none):
 * an ended session is a 401 (sessionUserOf) before the product is looked at, as the auth guard
 * gave it.
 */
export async function findSessionUserAndProductFacts(
  db: Db,
  claims: TokenClaims,
  id: string,
): Promise<{ user: AuthUser; product: ProductFactsRow | null }> {
  // An id that is no uuid names no product; the session is still read (a null id matches none).
  const [row] = await sessionAndFactsStatementOf(db).execute({
    userId: claims.userId,
    productId: isUuid(id) ? id : null,
  });
  return { user: sessionUserOf(claims, row?.user), product: row?.product ?? null };
}
