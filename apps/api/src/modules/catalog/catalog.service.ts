/** Reading the catalogue: product lists with filters, one product, categories. */
import type { ProductDetails, ProductListResponse } from '@torget/shared/api-types';
import { sekToOre } from '@torget/shared/rules/money';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, asc, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, reviews, sellers, users } from '#api/db/schema.ts';
import { listTag } from '#api/lib/cache-changes.ts';
import { noReadCache, type ReadCache } from '#api/lib/read-cache.ts';
import { nameMatches, relevanceOrder, suggestName } from './name-search';
import { type ProductWithSellerRow, productWithSellerColumns, toProductJson } from './product-json';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A product is on sale only while its seller is an active seller. `seller_active` is the
 * seller's status copied onto the product (see the schema), so no join to users is needed.
 */
const onSale = sql`${products.sellerActive}`;

function listConditions(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [onSale];
  if (query.seller) conditions.push(eq(products.sellerId, query.seller));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.name) conditions.push(nameMatches(query.name));
  if (query.min > 0) conditions.push(gte(products.priceOre, sekToOre(query.min)));
  if (query.max > 0) conditions.push(lte(products.priceOre, sekToOre(query.max)));
  if (query.rating > 0) conditions.push(gte(products.rating, query.rating));
  return and(...conditions);
}

/**
 * Sort orders, each ending in the id so equal keys keep one stable order across pages. Each
 * has an index of products on sale in exactly this order (plain DESC is NULLS FIRST, as the
 * indexes are). Best match has none: it ranks a name search's matches (name-search.ts).
 */
const ORDER_BY: Record<Exclude<ProductListQuery['order'], 'relevance'>, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  lowest: [asc(products.priceOre), asc(products.id)],
  highest: [desc(products.priceOre), desc(products.id)],
  toprated: [desc(products.rating), asc(products.id)],
};

/** The query's sort; best match without a name is the newest order. */
function orderOf(query: ProductListQuery): SQL[] {
  if (query.order !== 'relevance') return ORDER_BY[query.order];
  return query.name ? relevanceOrder(query.name) : ORDER_BY.newest;
}

/** How long a product list or count may be served from the cache (lib/read-cache.ts). */
export const PRODUCT_LIST_TTL_MS = 10_000;
/** How long the category list may be served from the cache. */
export const CATEGORIES_TTL_MS = 60_000;

/** The number of products on sale matching the filters (the same for every page and sort). */
async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  return row?.count ?? 0;
}

/**
 * One page of products on sale, and (when asked) the number of all matches, in one statement.
 * A deferred join: the page's ids are picked first from the sort's index alone (a deep page
 * skips index entries, not rows), and only those rows are then read and joined to their
 * sellers. The count is a separate scalar subquery, so it and the page each get their own
 * best plan (a `count(*) over ()` window would read every match in the sort's order); it
 * comes with the rows, so an empty page cannot tell it.
 */
function pageStatement(db: Db, where: SQL | undefined, query: ProductListQuery, withCount: boolean) {
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize)
    .as('page');
  const total = withCount
    ? sql<number>`(select count(*)::int from ${products} where ${where ?? sql`true`})`
    : sql<number>`0`;
  return (
    db
      .select({ ...productWithSellerColumns, total })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      // The page's rows in the same order: every sort's expressions are of the products' columns.
      .orderBy(...orderOf(query))
  );
}

async function pageOfProducts(db: Db, where: SQL | undefined, query: ProductListQuery, withCount: boolean) {
  const rows = await pageStatement(db, where, query, withCount);
  return { rows: rows as ProductWithSellerRow[], total: withCount ? rows[0]?.total : undefined };
}

/** The statement a product list sends first (page and count), for EXPLAIN in tests. */
export function productListStatement(db: Db, query: ProductListQuery): SQL {
  return pageStatement(db, listConditions(query), query, true).getSQL();
}

/**
 * A page and the exact count, in one statement whatever the page size (two when the page is
 * past the last). The count of the same filters is shared, through the cache, by every page
 * and sort: when it is known, only the page is read.
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  cache: ReadCache = noReadCache,
): Promise<ProductListResponse> {
  const where = listConditions(query);
  const filters = JSON.stringify({ ...query, pageNumber: undefined, pageSize: undefined, order: undefined });
  let rows: ProductWithSellerRow[] | null = null;
  const count = await cache.get(
    `products:count:${filters}`,
    PRODUCT_LIST_TTL_MS,
    async () => {
      const page = await pageOfProducts(db, where, query, true);
      rows = page.rows;
      if (page.total !== undefined) return page.total;
      return query.pageNumber === 1 ? 0 : countProducts(db, where);
    },
    [listTag(query)],
  );
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (rows === null) rows = offset < count ? (await pageOfProducts(db, where, query, false)).rows : [];
  const answer: ProductListResponse = {
    products: (rows as ProductWithSellerRow[]).map(toProductJson),
    page: query.pageNumber,
    pages: Math.ceil(count / query.pageSize),
    count,
  };
  if (count === 0 && query.name) {
    const suggestion = await suggestName(db, query.name, (name) => listConditions({ ...query, name }));
    if (suggestion !== undefined) answer.suggestion = suggestion;
  }
  return answer;
}

/** A product list as the cache keeps it: identical queries within the time-to-live share one answer. */
export function listProductsCached(db: Db, query: ProductListQuery, cache: ReadCache): Promise<ProductListResponse> {
  return cache.get(
    `products:list:${JSON.stringify(query)}`,
    PRODUCT_LIST_TTL_MS,
    () => listProducts(db, query, cache),
    [listTag(query)],
  );
}

/** A review as the product's statement answers it (JSON built in SQL). */
interface ReviewJsonRow {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  verified: boolean;
}

/**
 * One product with its reviews, newest first, in one statement (the reviews come as a JSON
 * array from a subquery); null when there is none with that id. Prepared once per connection.
 */
function productDetailsStatement(db: Db) {
  return db
    .select({
      ...productWithSellerColumns,
      reviews: sql<ReviewJsonRow[]>`(
        select coalesce(json_agg(json_build_object(
          '_id', r.id, 'name', r.name, 'rating', r.rating, 'comment', r.comment,
          'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'verified', r.verified
        ) order by r.created_at desc, r.id desc), '[]'::json)
        from ${reviews} r where r.product_id = ${products.id})`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_details');
}

const detailsStatements = new WeakMap<Db, ReturnType<typeof productDetailsStatement>>();

/** One product with its reviews, newest first; null when there is none with that id. */
export async function getProduct(db: Db, id: string): Promise<ProductDetails | null> {
  if (!isUuid(id)) return null;
  let statement = detailsStatements.get(db);
  if (!statement) {
    statement = productDetailsStatement(db);
    detailsStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  if (!row) return null;
  return { ...toProductJson(row), reviews: row.reviews };
}

/** The distinct categories of products on sale, alphabetically. */
export async function listCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(onSale, ne(products.category, '')))
    .orderBy(asc(products.category));
  return rows.map((r) => r.category);
}
