/**
 * The statements of a product list without a name: one page and its count, as a light list's
 * prepared statement (the first pages, filtered by seller and category only: prepared-shapes.ts),
 * a deep page of the newest products, or a statement built for the query's filters.
 */
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { type TextRow, type TextStatement, textRows, textStatement } from '#api/db/text-rows.ts';
import { type Counting, countingOf, filtersOnlyScope, type Where } from './list-counting';
import { ORDER_BY, orderOf } from './list-order';
import { listed } from './listed';
import { PREPARED_PAGES, preparedPerShape, writtenIn } from './prepared-shapes';
import { AFTER_PRODUCT_COLUMNS, productTextColumns } from './product-json';

/**
 * A page of products and, when `total` is given, the count. A light list's statement, and a
 * deep page's, always bring their count (a counter row); it is read only when asked for.
 */
export async function pageOfProducts(
  db: Db,
  where: Where,
  query: ProductListQuery,
  total: Counting['total'] | undefined,
) {
  const light = lightStatement(db, query);
  const deep = light ? null : deepNewestStatement(db, query);
  const offset = (query.pageNumber - 1) * query.pageSize;
  const rows = light
    ? await textRows(db, light, { seller: query.seller, category: query.category })
    : deep
      ? await textRows(db, deep, { category: query.category, offset })
      : await textRows(db, textStatement(pageStatement(db, where(), query, total?.())));
  return { rows, total: total && rows[0] ? totalOfRow(rows[0]) : undefined };
}

/** A list row's count (its statement selects it after the product's columns). */
export function totalOfRow(row: TextRow): number {
  return Number(row[AFTER_PRODUCT_COLUMNS] ?? 0);
}

/** The light list's prepared statement (built on first use), or null for any other list. */
function lightStatement(db: Db, query: ProductListQuery) {
  if (!isLight(query)) return null;
  const shape = `${query.order}|${!!query.seller}|${!!query.category}|${query.pageSize}|${query.pageNumber}`;
  return lightStatements(db, shape, (root) => lightStatementOf(root, query));
}

const lightStatements = preparedPerShape<TextStatement>();

/**
 * A light list's statement, named by its shape: the seller and the category as placeholders, the
 * page's size and offset written into its text (why: prepared-shapes.ts).
 */
function lightStatementOf(db: Db, query: ProductListQuery) {
  const seller = query.seller ? sql.placeholder('seller') : undefined;
  const category = query.category ? sql.placeholder('category') : undefined;
  const where =
    and(listed, seller && eq(products.sellerId, seller), category && eq(products.category, category)) ?? listed;
  const total = countingOf({ ...query, seller, category }, () => where).total();
  const shape = [query.order, seller ? 'seller' : '', category ? 'category' : '', query.pageSize, query.pageNumber];
  return textStatement(pageStatement(db, where, query, total), `list_${shape.join('_')}`);
}

/** A light list: no filter but the seller and the category, on one of the first pages. */
function isLight(query: ProductListQuery): boolean {
  return filtersOnlyScope(query) && query.pageNumber <= PREPARED_PAGES;
}

/**
 * One page of listed products, and (when asked) the number of all matches, in one statement.
 * A deferred join: the page's ids are picked first from the sort's index alone (a deep page
 * skips index entries, not rows), and only those rows are then read and joined to their
 * sellers. The count is a scalar subquery (the database's counter, or a capped count), so it
 * and the page each get their own best plan; it comes with the rows, so an empty page cannot
 * tell it.
 */
export function pageStatement(db: Db, where: SQL, query: ProductListQuery, total: SQL<number> | undefined) {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const written = isLight(query);
  const rows = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderOf(query));
  const page = (
    written
      ? offset > 0
        ? rows.limit(writtenIn(query.pageSize)).offset(writtenIn(offset))
        : rows.limit(writtenIn(query.pageSize))
      : rows.limit(query.pageSize).offset(offset)
  ).as('page');
  return (
    db
      .select({ ...productTextColumns, total: total ?? sql<number>`0` })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      // The page's rows in the same order: every sort's expressions are of the products' columns.
      .orderBy(...orderOf(query))
  );
}

/**
 * The deep page's prepared statement (built on first use), or null for any other list (which
 * skips to its page in the sort's index, as every list did before), also past the shapes' limit
 * (every page size asked for, by a crawler).
 */
function deepNewestStatement(db: Db, query: ProductListQuery) {
  if (!isDeepNewest(query)) return null;
  return deepNewestStatements(db, `${!!query.category}|${query.pageSize}`, (root) =>
    deepNewestStatementOf(root, query),
  );
}

const deepNewestStatements = preparedPerShape<TextStatement>();

/**
 * A deep page of the newest listed products (everything, or one category), with the count. The
 * database keeps how many listed products each day (UTC) has, per scope (migrations 0014, 0016):
 * the days are summed from the newest until the running count passes the page's offset, and the
 * page is read from the date index below that day's end, skipping only the products of that
 * day that come before it (at a million products and 10 categories, a few hundred, not 24 000).
 * The counts and the page are one statement, so one snapshot: they agree. Prepared once per
 * shape (a category or not, the page size); the offset and the category are its values.
 */
function deepNewestStatementOf(db: Db, query: ProductListQuery) {
  const byCategory = !!query.category;
  const scope = byCategory ? 'category' : 'listed';
  const key = byCategory ? sql.placeholder('category') : '';
  const offset = sql.placeholder('offset');
  const where = (byCategory && and(listed, eq(products.category, sql.placeholder('category')))) || listed;
  // The days are walked from the newest back, each count with its day's changes added, and the
  // walk stops at the day the offset falls in (migration 0016: the days in that order from an
  // index, and a row in the counts for every day with changes).
  const page = sql`(
    with changes as materialized (
      select day, sum(n) as n from catalogue_day_count_changes where scope = ${scope} and key = ${key} group by day
    ),
    running as (
      select day, n, sum(n) over (order by day desc) as upto from (
        select d.day, d.n + coalesce((select c.n from changes as c where c.day = d.day), 0) as n
        from catalogue_day_counts as d where d.scope = ${scope} and d.key = ${key}
        order by d.day desc
      ) as kept
    ),
    start as (select day, upto - n as before from running where upto > ${offset}::bigint order by day desc limit 1)
    select ${products.id} as id from ${products}
    where ${where} and ${products.createdAt} < (select (start.day + 1)::timestamp at time zone 'UTC' from start)
    order by ${sql.join(ORDER_BY.newest, sql`, `)}
    limit ${sql.raw(String(query.pageSize))} offset (select (${offset}::bigint - start.before)::bigint from start)
  ) as page`;
  const total = countingOf(
    { ...query, category: byCategory ? sql.placeholder('category') : undefined },
    () => where,
  ).total();
  return textStatement(
    db
      .select({ ...productTextColumns, total })
      .from(page)
      .innerJoin(products, eq(products.id, sql`page.id`))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      .orderBy(...ORDER_BY.newest),
    `deep_newest_${byCategory ? 'category' : 'listed'}_${query.pageSize}`,
  );
}

/**
 * Offsets from which a page of the newest products (everything listed, or one category) starts
 * from the day it lies in (migration 0014) instead of skipping every product before it.
 */
const DEEP_OFFSET = 1000;

function isDeepNewest(query: ProductListQuery): boolean {
  return (
    filtersOnlyScope(query) &&
    !query.seller &&
    query.order === 'newest' &&
    (query.pageNumber - 1) * query.pageSize >= DEEP_OFFSET
  );
}
