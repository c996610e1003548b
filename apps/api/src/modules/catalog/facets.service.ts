/**
 * Counts beside every filter of the search sidebar (issue 17): for each category, price preset
 * and rating preset, how many listed products the search would give with that entry chosen and
 * every OTHER filter kept. Counts stop at COUNT_CAP (`capped` says one did).
 *
 * Three ways, cheapest first: with no filter, the categories come from the database's exact
 * counts; when the search's name and seller match at most COUNT_CAP products, those are read
 * once and every entry is counted from them exactly; otherwise each entry is a capped count that
 * an index answers after at most COUNT_CAP + 1 entries.
 */
import type { ProductFacets } from '@torget/shared/api-types';
import { COUNT_CAP, PRICE_PRESET_RANGES, RATING_PRESETS } from '@torget/shared/rules/catalog-query';
import { sekToOre } from '@torget/shared/rules/money';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { categoryCounts } from './catalogue-counts';
import { listed } from './listed';
import {
  cappedCount,
  categoryCondition,
  filterConditions,
  hasNoFilter,
  type ProductFilters,
  priceCondition,
  ratingCondition,
} from './product-filters';

/** A product as far as the facets look at it. */
interface FacetRow {
  category: string;
  priceOre: number;
  rating: number;
}

function inPriceRange(row: FacetRow, min: number, max: number | null): boolean {
  return (min <= 0 || row.priceOre >= sekToOre(min)) && (max === null || max <= 0 || row.priceOre <= sekToOre(max));
}

/** The facets counted from every product the name and seller match (at most COUNT_CAP): exact. */
function countRows(rows: FacetRow[], filters: ProductFilters, categories: string[]): ProductFacets {
  const inPrice = (row: FacetRow) => inPriceRange(row, filters.min, filters.max);
  const inRating = (row: FacetRow) => row.rating >= filters.rating;
  const inCategory = (row: FacetRow) => !filters.category || row.category === filters.category;
  const count = (keep: (row: FacetRow) => boolean) => rows.filter(keep).length;
  return {
    categories: categories.map((name) => ({
      name,
      count: count((row) => row.category === name && inPrice(row) && inRating(row)),
    })),
    prices: PRICE_PRESET_RANGES.map(({ min, max }) => ({
      min,
      max,
      count: count((row) => inPriceRange(row, min, max) && inCategory(row) && inRating(row)),
    })),
    ratings: RATING_PRESETS.map((rating) => ({
      rating,
      count: count((row) => row.rating >= rating && inCategory(row) && inPrice(row)),
    })),
    capped: false,
  };
}

/** The products the name and seller filters match, up to COUNT_CAP + 1. */
function readMatches(db: Db, where: SQL): Promise<FacetRow[]> {
  return db
    .select({ category: products.category, priceOre: products.priceOre, rating: products.rating })
    .from(products)
    .where(where)
    .limit(COUNT_CAP + 1);
}

/** The capped count of each entry's conditions (the other filters and its own), in one statement. */
async function cappedCounts(db: Db, entries: SQL[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const columns = sql.join(
    entries.map((where, i) => sql`${cappedCount(where, COUNT_CAP)} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, number>>(db, sql`select ${columns}`);
  return entries.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}

export async function productFacets(db: Db, filters: ProductFilters): Promise<ProductFacets> {
  const counted = await categoryCounts(db);
  const categories = counted.map((c) => c.name);
  const c = filterConditions(filters);
  const base = and(listed, c.seller, c.name) ?? listed;

  if ((filters.name || filters.seller) && !hasNoFilter(filters)) {
    const rows = await readMatches(db, base);
    if (rows.length <= COUNT_CAP) return countRows(rows, filters, categories);
  }

  const withBase = (...conditions: (SQL | undefined)[]) => and(base, ...conditions) ?? base;
  // With no filter at all, the categories' counts are the database's exact ones.
  const categoryEntries = hasNoFilter(filters)
    ? []
    : categories.map((name) => withBase(categoryCondition(name), c.price, c.rating));
  const priceEntries = PRICE_PRESET_RANGES.map(({ min, max }) =>
    withBase(c.category, priceCondition(min, max), c.rating),
  );
  const ratingEntries = RATING_PRESETS.map((rating) => withBase(c.category, c.price, ratingCondition(rating)));
  const counts = await cappedCounts(db, [...categoryEntries, ...priceEntries, ...ratingEntries]);
  const capped = counts.some((n) => n > COUNT_CAP);
  const cap = (n: number) => Math.min(n, COUNT_CAP);
  const priceCounts = counts.slice(categoryEntries.length, categoryEntries.length + priceEntries.length);
  const ratingCounts = counts.slice(categoryEntries.length + priceEntries.length);
  return {
    categories: hasNoFilter(filters) ? counted : categories.map((name, i) => ({ name, count: cap(counts[i] ?? 0) })),
    prices: PRICE_PRESET_RANGES.map(({ min, max }, i) => ({ min, max, count: cap(priceCounts[i] ?? 0) })),
    ratings: RATING_PRESETS.map((rating, i) => ({ rating, count: cap(ratingCounts[i] ?? 0) })),
    capped,
  };
}
