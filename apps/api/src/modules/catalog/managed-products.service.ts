/**
 * The seller's and admin's product list (`GET /api/products?scope=manage`): every
 * product of the filter, drafts and closed shops' included, sorted by column, with the exact
 * count. Never cached: a seller sees the product just created or saved. A seller's list is at
 * most a few hundred rows (plan limits), an admin's is paged 50 at a time over every product
 * (docs/decisions/297): its count without a name or seller is the database's kept count per
 * state (and category), and its name search reads the listed products from the catalogue's
 * trigram index and the others from their own.
 */
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { parseProductNumber } from '@torget/shared/rules/catalog';
import type { ManagedProductSort } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { countedStates, PRODUCT_STATES } from './catalogue-counts';
import { listed } from './listed';
import { type NameMatching, nameMatches, typosCouldMatch } from './name-search';
import { type ProductWithSellerRow, productWithSellerColumns, toProductJson } from './product-json';
import { planUsageOf } from './products.service';

/** The column sorts, each ending in the id so equal keys keep one order across pages. */
const MANAGED_ORDER_BY: Record<ManagedProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  oldest: [asc(products.createdAt), asc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
  '-name': [desc(sql`lower(${products.name})`), desc(products.id)],
  price: [asc(products.priceOre), asc(products.id)],
  '-price': [desc(products.priceOre), desc(products.id)],
  stock: [asc(products.countInStock), asc(products.id)],
  '-stock': [desc(products.countInStock), desc(products.id)],
};

/**
 * Every product shoppers do not see (drafts, hidden, removed, closed shops'): `listed`'s
 * complement, written as the predicate of products_unlisted_search_trgm_idx (schema/catalog.ts,
 * migration 0048) so that the planner proves the index serves it.
 */
export const unlisted = sql`(not ${products.sellerActive} or ${products.isDraft})`;

/**
 * The name condition of the managing list. The trigram indexes are partial: the catalogue's over
 * the listed products, products_unlisted_search_trgm_idx over the rest. So the name is matched
 * under each half's own predicate (a filter by state names one half: listed, or one of the
 * others), and with no state as both halves OR-ed, which the planner reads as one bitmap of the
 * two indexes. An index over every product would serve this too, but the planner then prefers it
 * for the shoppers' search (migration 0047).
 */
function managedNameMatches(query: ProductListQuery, matching: NameMatching): SQL | undefined {
  const matches = query.name ? nameMatches(query.name, matching) : undefined;
  if (matches === undefined) return undefined;
  if (query.state === 'listed') return and(listed, matches);
  if (query.state) return and(unlisted, matches);
  return or(and(listed, matches), and(unlisted, matches));
}

/** The seller, the category, the state (listed, draft, hidden, removed), and a name or a short number ("#1001" or "1001"). */
export function managedConditions(query: ProductListQuery, matching: NameMatching = { typos: true }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.seller) conditions.push(eq(products.sellerId, query.seller));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.state === 'listed') conditions.push(listed);
  if (query.state === 'draft') conditions.push(sql`(${products.isDraft} and not ${products.removed})`);
  if (query.state === 'hidden') {
    conditions.push(sql`(${products.hidden} and not ${products.isDraft} and not ${products.removed})`);
  }
  if (query.state === 'removed') conditions.push(sql`${products.removed}`);
  if (query.name) {
    const number = parseProductNumber(query.name);
    const name = managedNameMatches(query, matching);
    conditions.push(number === undefined ? name : or(name, eq(products.number, number)));
  }
  return and(...conditions);
}

/** The page of the products `where` finds, in the query's sort (exported for EXPLAIN in tests). */
export function managedPageStatement(db: Db, query: ProductListQuery, where: SQL | undefined) {
  return db
    .select(productWithSellerColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(where)
    .orderBy(...MANAGED_ORDER_BY[query.sort ?? 'newest'])
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
}

/** The exact count of the products `where` finds, read from them (exported for EXPLAIN in tests). */
export function managedCountStatement(db: Db, where: SQL | undefined) {
  return db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
}

/** The count of the products `where` finds: the kept counts for a state and category alone. */
async function countManaged(db: Db, query: ProductListQuery, where: SQL | undefined): Promise<number> {
  if (!query.name && !query.seller) {
    return countedStates(db, query.state ? [query.state] : PRODUCT_STATES, query.category);
  }
  const [counted] = await managedCountStatement(db, where);
  return counted?.count ?? 0;
}

/**
 * The managing list. A search over every product (an admin's, no seller) looks for typos only
 * when the name as typed finds nothing, as the catalogue's does (name-search.ts): a typo's
 * trigram test of every product holding a common word's trigrams cost more than the rest of the
 * search. A seller's own list (a few hundred products at most) always looks for them.
 */
export async function listManagedProducts(db: Db, query: ProductListQuery): Promise<ProductListResponse> {
  let matching: NameMatching = { typos: query.seller !== undefined };
  let where = managedConditions(query, matching);
  let count = await countManaged(db, query, where);
  if (count === 0 && !matching.typos && query.name && typosCouldMatch(query.name)) {
    matching = { typos: true };
    where = managedConditions(query, matching);
    count = await countManaged(db, query, where);
  }
  const rows = await managedPageStatement(db, query, where);
  return {
    products: (rows as ProductWithSellerRow[]).map(toProductJson),
    page: query.pageNumber,
    pages: Math.ceil(count / query.pageSize),
    count,
    ...(query.seller ? { planProducts: await planUsageOf(db, query.seller) } : {}),
  };
}
