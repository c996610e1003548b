/**
 * How a product list counts its matches (the database's counters, or a capped count), and the
 * list's conditions, built only when a statement that is not prepared needs them.
 */
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { catalogueCounts } from '#api/db/schema.ts';
import { cappedCount } from './product-filters';

/**
 * How a list counts its matches. Lists whose filters are few and fixed (everything
 * listed, one category, one seller) read the exact count the database keeps; any other filter
 * counts up to COUNT_CAP + 1 matches only.
 */
export interface Counting {
  /** The count's expression, built when a statement that is not prepared asks for it. */
  total(): SQL<number>;
  exact: boolean;
}

/**
 * A list's conditions, built on first use: most reads run a prepared statement (a light list, a
 * deep page, a folded word search) that has them already, and building them through Drizzle for
 * nothing was 3 % of the API's CPU on a search.
 */
export type Where = () => SQL;

export function whereOf(build: () => SQL): Where {
  let where: SQL | undefined;
  return () => {
    where ??= build();
    return where;
  };
}

/** The counter row's count; `key` may be a placeholder of a prepared statement (lightStatement). */
function counterTotal(scope: 'listed' | 'category' | 'seller', key: string | Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${catalogueCounts.n}), 0)::int from ${catalogueCounts}
    where ${catalogueCounts.scope} = ${scope} and ${catalogueCounts.key} = ${key})`;
}

/** No filter but the seller and the category: the lists with counters (and prepared statements). */
export function filtersOnlyScope(query: Pick<ProductListQuery, 'name' | 'min' | 'max' | 'rating'>): boolean {
  return !query.name && !query.min && !query.max && !query.rating;
}

/**
 * The query's filters, the seller and the category as values or as a prepared statement's
 * placeholders (lightStatement).
 */
type CountedQuery = Omit<ProductListQuery, 'seller' | 'category'> & {
  seller?: string | Placeholder | undefined;
  category?: string | Placeholder | undefined;
};

export function countingOf(query: CountedQuery, where: Where): Counting {
  const { seller, category } = query;
  if (filtersOnlyScope(query)) {
    if (!seller && !category) return { total: () => counterTotal('listed', ''), exact: true };
    if (!category && seller) return { total: () => counterTotal('seller', seller), exact: true };
    if (!seller && category) return { total: () => counterTotal('category', category), exact: true };
  }
  return { total: () => cappedCount(where(), COUNT_CAP), exact: false };
}

/** The count alone (a page past the last has no row to bring it). */
export async function countAlone(db: Db, counting: Counting): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select ${counting.total()} as count`);
  return Number(row?.count ?? 0);
}
