/**
 * Exact counts kept by the database (migration 0007): every listed product, per category, per
 * seller; and every product per state, alone and with its category, for the admin's list
 * (docs/decisions/297). Each count is the sum of its key's rows in catalogue_counts, a handful at
 * most.
 */
import type { ManagedProductState } from '@torget/shared/rules/admin-lists';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { catalogueCounts } from '#api/db/schema.ts';

type Scope = 'listed' | 'category' | 'seller';

const total = sql<number>`sum(${catalogueCounts.n})::int`;

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: total }).from(catalogueCounts).where(where);
  return row?.count ?? 0;
}

/** The number of listed products of one key (all: scope 'listed'). */
export function countedProducts(db: Db, scope: Scope, key = ''): Promise<number> {
  return countOf(db, and(eq(catalogueCounts.scope, scope), eq(catalogueCounts.key, key)));
}

/**
 * A product's state as the database counts it (torget_product_state, db/sql/50-catalogue-counts.sql):
 * one of the managing list's filters, or 'closed' (a saved product of a shop that is not open,
 * in none of them). Every product is in exactly one.
 */
export type ProductState = ManagedProductState | 'closed';

export const PRODUCT_STATES: readonly ProductState[] = ['listed', 'draft', 'hidden', 'removed', 'closed'];

/** The number of products in these states (all of them: every product), of one category when given. */
export function countedStates(db: Db, states: readonly ProductState[], category?: string): Promise<number> {
  return category === undefined
    ? countOf(db, and(eq(catalogueCounts.scope, 'state'), inArray(catalogueCounts.key, [...states])))
    : countOf(
        db,
        and(
          eq(catalogueCounts.scope, 'state_category'),
          inArray(
            catalogueCounts.key,
            states.map((state) => `${state}:${category}`),
          ),
        ),
      );
}

/**
 * Every category's count, prepared once per database: the sidebar of every page reads it, and
 * sent unprepared it was planned on every call, 0.10 ms of planning for 0.05 ms of execution
 * (pg_stat_statements; docs/decisions/045-hot-statements-prepared-with-one-plan.md).
 */
const categoryCountsStatementOf = preparedOnce((db) =>
  db
    .select({ name: catalogueCounts.key, count: total })
    .from(catalogueCounts)
    // Constants written in, not bound: a statement without parameters has one plan from its
    // first execution (with one, PostgreSQL makes five custom plans before it weighs a generic one).
    .where(sql`${catalogueCounts.scope} = 'category' and ${catalogueCounts.key} <> ''`)
    .groupBy(catalogueCounts.key)
    .having(sql`sum(${catalogueCounts.n}) > 0`)
    .orderBy(asc(catalogueCounts.key))
    .prepare('category_counts'),
);

/** Every category with listed products and their number, alphabetically (no empty category). */
export function categoryCounts(db: Db): Promise<{ name: string; count: number }[]> {
  return categoryCountsStatementOf(db).execute();
}

/** How long the category list may be served from the cache. */
export const CATEGORIES_TTL_MS = 60_000;

/** The categories of listed products, alphabetically: the database's counts, not a scan of products. */
export async function listCategories(db: Db): Promise<string[]> {
  return (await categoryCounts(db)).map((c) => c.name);
}
