/** Reading the catalogue: product lists with filters, one product, categories. */
import type { ProductDetails, ProductListResponse } from '@torget/shared/api-types';
import { sekToOre } from '@torget/shared/money';
import type { ProductListQuery } from '@torget/shared/product-query';
import { and, asc, desc, eq, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, reviews, sellers, users } from '../../db/schema';
import { productWithSellerColumns, toProductJson, toReviewJson } from './product-json';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A product is on sale only while its seller is an active seller. */
const sellerIsActive = and(eq(users.isSeller, true), isNull(users.deletedAt));

/** Escapes LIKE's wildcards so a search term matches only itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listConditions(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [sellerIsActive];
  if (query.seller) conditions.push(eq(products.sellerId, query.seller));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.name) {
    // lower(name) LIKE '%term%' is served by the trigram index on lower(name).
    const pattern = `%${escapeLike(query.name.toLowerCase())}%`;
    conditions.push(sql`lower(${products.name}) like ${pattern} escape '\\'`);
  }
  if (query.min > 0) conditions.push(gte(products.priceOre, sekToOre(query.min)));
  if (query.max > 0) conditions.push(lte(products.priceOre, sekToOre(query.max)));
  if (query.rating > 0) conditions.push(gte(products.rating, query.rating));
  return and(...conditions);
}

/** Sort orders, each ending in the id so equal keys keep one stable order across pages. */
const ORDER_BY: Record<ProductListQuery['order'], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  lowest: [asc(products.priceOre), asc(products.id)],
  highest: [desc(products.priceOre), desc(products.id)],
  toprated: [desc(products.rating), asc(products.id)],
};

/** Two statements whatever the page size: the count and the page. */
export async function listProducts(db: Db, query: ProductListQuery): Promise<ProductListResponse> {
  const where = listConditions(query);
  const [countRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
  const count = countRow?.count ?? 0;
  const rows = await db
    .select(productWithSellerColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(where)
    .orderBy(...ORDER_BY[query.order])
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  return {
    products: rows.map(toProductJson),
    page: query.pageNumber,
    pages: Math.ceil(count / query.pageSize),
    count,
  };
}

/** One product with its reviews, newest first; null when there is none with that id. */
export async function getProduct(db: Db, id: string): Promise<ProductDetails | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(productWithSellerColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(eq(products.id, id));
  if (!row) return null;
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return { ...toProductJson(row), reviews: reviewRows.map(toReviewJson) };
}

/** The distinct categories of products on sale, alphabetically. */
export async function listCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(sellerIsActive, ne(products.category, '')))
    .orderBy(asc(products.category));
  return rows.map((r) => r.category);
}
