/**
 * The seller's and admin's product list (`GET /api/products?scope=manage`): every
 * product of the filter, drafts and closed shops' included, sorted by column, with the exact
 * count. Never cached: a seller sees the product just created or saved. A seller's list is at
 * most a few hundred rows (plan limits), an admin's is paged 50 at a time.
 */
import type { ProductListResponse } from '@torget/shared/api-types';
import { parseProductNumber } from '@torget/shared/rules/catalog';
import type { ManagedProductSort } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { listed } from './listed';
import { nameMatches } from './name-search';
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

/** The seller, the category, the state (listed, draft, hidden, removed), and a name or a short number ("#1001" or "1001"). */
function managedConditions(query: ProductListQuery): SQL | undefined {
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
    conditions.push(
      number === undefined ? nameMatches(query.name) : or(nameMatches(query.name), eq(products.number, number)),
    );
  }
  return and(...conditions);
}

export async function listManagedProducts(db: Db, query: ProductListQuery): Promise<ProductListResponse> {
  const where = managedConditions(query);
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  const count = counted?.count ?? 0;
  const rows = await db
    .select(productWithSellerColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(where)
    .orderBy(...MANAGED_ORDER_BY[query.sort ?? 'newest'])
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  return {
    products: (rows as ProductWithSellerRow[]).map(toProductJson),
    page: query.pageNumber,
    pages: Math.ceil(count / query.pageSize),
    count,
    ...(query.seller ? { planProducts: await planUsageOf(db, query.seller) } : {}),
  };
}
