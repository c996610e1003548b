/** The product lists' sort orders (every list, name search or not, pages in one of them). */
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { products } from '#api/db/schema.ts';
import { relevanceOrder } from './name-search';

/**
 * Sort orders, each ending in the id so equal keys keep one stable order across pages. Each
 * has an index of products on sale in exactly this order (plain DESC is NULLS FIRST, as the
 * indexes are). Best match has none: it ranks a name search's matches (name-search.ts).
 */
export const ORDER_BY: Record<Exclude<ProductListQuery['order'], 'relevance'>, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  lowest: [asc(products.priceOre), asc(products.id)],
  highest: [desc(products.priceOre), desc(products.id)],
  toprated: [desc(products.rating), asc(products.id)],
};

/** The query's sort; best match without a name is the newest order. */
export function orderOf(query: ProductListQuery): SQL[] {
  if (query.order !== 'relevance') return ORDER_BY[query.order];
  return query.name ? relevanceOrder(query.name) : ORDER_BY.newest;
}

/**
 * A catalogue search's order of its matches: the products whose names have every word first, then
 * those found only through their other spellings, category, brand or description, each part in
 * the query's sort. Read from the `field_only` column a search's rows carry (name-search.ts,
 * fieldOnlyOf; word-search.ts), unqualified: no table a list reads has a column of that name.
 */
export function matchOrderOf(query: ProductListQuery): SQL[] {
  return [sql`field_only asc`, ...orderOf(query)];
}
