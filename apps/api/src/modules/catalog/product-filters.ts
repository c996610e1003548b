/** The catalogue's filters as SQL, one condition each, so lists and facets read them alike. */
import { sekToOre } from '@torget/shared/rules/money';
import type { ProductFacetsQuery } from '@torget/shared/schemas/product-query';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { products } from '#api/db/schema.ts';
import { listed } from './listed';
import { findMatches, type NameMatching, namePlainlyHasEveryWord } from './name-search';

/** The filters of a product list or its facets (min, max and rating of 0 mean "no bound"). */
export type ProductFilters = ProductFacetsQuery;

/** The price range's bounds in öre; a bound of 0 (or null) is no bound, as the search reads it. */
export function priceBoundsOre(min: number, max: number | null): { minOre?: number; maxOre?: number } {
  return {
    ...(min > 0 ? { minOre: sekToOre(min) } : {}),
    ...(max !== null && max > 0 ? { maxOre: sekToOre(max) } : {}),
  };
}

/** Listed products in the price range, SEK. */
export function priceCondition(min: number, max: number | null): SQL | undefined {
  const { minOre, maxOre } = priceBoundsOre(min, max);
  return and(
    minOre !== undefined ? gte(products.priceOre, minOre) : undefined,
    maxOre !== undefined ? lte(products.priceOre, maxOre) : undefined,
  );
}

export function ratingCondition(rating: number): SQL | undefined {
  return rating > 0 ? gte(products.rating, rating) : undefined;
}

export function categoryCondition(category: string | undefined): SQL | undefined {
  return category ? eq(products.category, category) : undefined;
}

/**
 * The values of the category, price and rating filters a query gives (a filter not given has no
 * value): what a statement prepared with boundFilterConditions' placeholders is executed with.
 */
export function filterValues(filters: ProductFilters): {
  category?: string;
  minOre?: number;
  maxOre?: number;
  rating?: number;
} {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...priceBoundsOre(filters.min, filters.max),
    ...(filters.rating > 0 ? { rating: filters.rating } : {}),
  };
}

/**
 * The category, price and rating conditions of the filters a query gives, each value as itself
 * or (`placeholders`) as a prepared statement's placeholder named as in filterValues. A statement
 * is prepared per set of filters given: a filter not given has no condition.
 */
export function boundFilterConditions(filters: ProductFilters, placeholders: boolean): SQL | undefined {
  const values = filterValues(filters);
  const bind = <T>(name: keyof typeof values, value: T) => (placeholders ? sql.placeholder(name) : value);
  return and(
    values.category !== undefined ? eq(products.category, bind('category', values.category)) : undefined,
    values.minOre !== undefined ? gte(products.priceOre, bind('minOre', values.minOre)) : undefined,
    values.maxOre !== undefined ? lte(products.priceOre, bind('maxOre', values.maxOre)) : undefined,
    values.rating !== undefined ? gte(products.rating, bind('rating', values.rating)) : undefined,
  );
}

/** The conditions of the filters a query gives, by filter (undefined when not given). */
export function filterConditions(filters: ProductFilters, matching?: NameMatching) {
  return {
    seller: filters.seller ? eq(products.sellerId, filters.seller) : undefined,
    name: filters.name ? findMatches(filters.name, matching) : undefined,
    category: categoryCondition(filters.category),
    price: priceCondition(filters.min, filters.max),
    rating: ratingCondition(filters.rating),
  };
}

/** Listed products matching every filter. */
export function listConditions(filters: ProductFilters, matching?: NameMatching): SQL {
  const c = filterConditions(filters, matching);
  return listedWith(c, c.name);
}

/**
 * Listed products matching every filter whose names have every word of the search as written
 * (namePlainlyHasEveryWord: the name matches, which every sort shows first, but those matched
 * through a hyphenated word).
 */
export function plainNameMatchConditions(filters: ProductFilters, matching: NameMatching): SQL {
  const c = filterConditions({ ...filters, name: undefined }, matching);
  return listedWith(c, filters.name ? namePlainlyHasEveryWord(filters.name, matching) : undefined);
}

/** Listed products matching the seller, category, price and rating conditions, and `name`. */
function listedWith(c: ReturnType<typeof filterConditions>, name: SQL | undefined): SQL {
  return and(listed, c.seller, c.category, name, c.price, c.rating) ?? listed;
}

/** Whether no filter at all is given: the whole catalogue. */
export function hasNoFilter(filters: ProductFilters): boolean {
  return !filters.seller && !filters.name && !filters.category && !filters.min && !filters.max && !filters.rating;
}

/**
 * The number of listed products matching `where`, counted up to `cap + 1` only: an index
 * scan stops there (a count above `cap` means "more than cap").
 */
export function cappedCount(where: SQL, cap: number): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${products} where ${where} limit ${cap + 1}) as capped)`;
}
