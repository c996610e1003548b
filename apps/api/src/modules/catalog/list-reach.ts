/**
 * Whether a product could be among a product list's matches, read in JavaScript from the same
 * filters the list's SQL applies (product-filters.ts, name-search.ts). The read cache asks it when
 * a product is edited (lib/cache-changes.ts, productEditTags): a list that could hold the product
 * neither as it was nor as it is keeps its answer, since nothing it counts or shows changed.
 *
 * It answers false only when sure. Anything it cannot read exactly answers true:
 * - a detail that is not a product snapshot;
 * - a name word that may match with typos (pg_trgm's similarity is not redone here);
 * - a name or a stem with a character outside printable ASCII. On printable ASCII,
 *   torget_search_text (lower(unaccent(…))) is JavaScript's toLowerCase: unaccent maps none of
 *   those characters, and lower() maps A–Z alone (search-text-function.test.ts checks both; not
 *   so in a Turkish collation, which the database does not use).
 */
import { mayHaveTypo, searchWords } from '@torget/shared/rules/catalog-query';
import { searchForms } from '@torget/shared/rules/search-forms';
import type { ProductSnapshot } from '#api/lib/cache-changes.ts';
import { type ProductFilters, priceBoundsOre } from './product-filters';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isSnapshot(detail: unknown): detail is ProductSnapshot {
  const d = detail as Partial<Record<keyof ProductSnapshot, unknown>> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.sellerId === 'string' &&
    typeof d.category === 'string' &&
    typeof d.name === 'string' &&
    typeof d.priceOre === 'number' &&
    typeof d.rating === 'number' &&
    typeof d.listed === 'boolean' &&
    (d.findText === undefined || typeof d.findText === 'string')
  );
}

/**
 * Whether a product named `productName` may match the name filter `name`: for every word, its
 * name's search text (or, without hyphens, the name's) or its find text (the name's other
 * spellings, its category, brand and description words; `findText`, the database's, already
 * folded) must contain one of the word's forms (name-search.ts, wordFinds); unknown find text
 * may hold anything. With `typos`, a word long enough for a typo may also match a word like it,
 * which only the database can tell.
 */
function nameCouldMatch(name: string, productName: string, findText: string | undefined, typos: boolean): boolean {
  if (!PRINTABLE_ASCII.test(productName)) return true;
  const text = productName.toLowerCase();
  const joined = text.replace(/-/g, '');
  return searchWords(name).every((word) => {
    if (typos && mayHaveTypo(word)) return true;
    return searchForms(word).some(
      (form) =>
        !PRINTABLE_ASCII.test(form) ||
        text.includes(form) ||
        joined.includes(form) ||
        findText === undefined ||
        findText.includes(form),
    );
  });
}

/**
 * Whether the product `detail` describes could be among the matches of `filters`, the name
 * matched with or without typos as the list was read (`typos`). False only when sure.
 */
export function listCouldHold(filters: ProductFilters, typos: boolean, detail: unknown): boolean {
  if (!isSnapshot(detail)) return true;
  if (!detail.listed) return false;
  // Ids are uuids, which the database compares without regard to case.
  if (filters.seller && detail.sellerId.toLowerCase() !== filters.seller.toLowerCase()) return false;
  if (filters.category && detail.category !== filters.category) return false;
  const { minOre, maxOre } = priceBoundsOre(filters.min, filters.max);
  if (minOre !== undefined && detail.priceOre < minOre) return false;
  if (maxOre !== undefined && detail.priceOre > maxOre) return false;
  // The column is a real: the database compares the filter as a real too.
  if (filters.rating > 0 && Math.fround(detail.rating) < Math.fround(filters.rating)) return false;
  return !filters.name || nameCouldMatch(filters.name, detail.name, detail.findText, typos);
}
