/**
 * The search screen's state lives in its address (spec section 2, Search results): every route
 * of the route table reads into one set of parameters with the spec's defaults, and every change
 * navigates to the full search address.
 */
import { ALL, isProductOrder, type ProductOrder, textFilter } from '@torget/shared/rules/catalog-query';

export interface SearchParams {
  category: string;
  name: string;
  min: number;
  max: number;
  rating: number;
  order: ProductOrder;
  pageNumber: number;
}

/** Spec section 9: name all, category all, min 0, max 0, rating 0, order newest, page 1. */
export const SEARCH_DEFAULTS: SearchParams = {
  category: ALL,
  name: ALL,
  min: 0,
  max: 0,
  rating: 0,
  order: 'newest',
  pageNumber: 1,
};

/** Spec section 3, Filters: the price presets (0 means no bound). */
export const PRICE_PRESETS = [
  { label: 'Any', min: 0, max: 0 },
  { label: 'SEK 1-10', min: 1, max: 10 },
  { label: 'SEK 10-100', min: 10, max: 100 },
  { label: 'SEK 100-1000', min: 100, max: 1000 },
] as const;

/** Spec section 3, Filters: '{n} stars & up'. */
export const RATING_FILTERS = [4, 3, 2, 1] as const;

export const SORT_OPTIONS: readonly { value: ProductOrder; label: string }[] = [
  { value: 'newest', label: 'Newest Arrivals' },
  { value: 'lowest', label: 'Price: Low to High' },
  { value: 'highest', label: 'Price: High to Low' },
  { value: 'toprated', label: 'Avg. Customer Reviews' },
];

/** "Best match": how well each name matches the searched name. */
export const BEST_MATCH_OPTION = { value: 'relevance', label: 'Best match' } as const;

/**
 * The sort selector's choices: the spec's four, and "Best match" when a name is searched (with
 * no name it would be the newest order, so it is not offered).
 */
export function sortOptions(params: SearchParams): readonly { value: ProductOrder; label: string }[] {
  return searchFilters(params).name === undefined ? SORT_OPTIONS : [...SORT_OPTIONS, BEST_MATCH_OPTION];
}

/** A name or category segment: its filter text, or 'all' for none. */
function text(value: string | undefined): string {
  return textFilter(value ?? '') ?? ALL;
}

function amount(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The search parameters of a route's (already decoded) path parameters; anything odd takes its default. */
export function parseSearchParams(params: Readonly<Partial<Record<string, string>>>): SearchParams {
  const page = Number(params.pageNumber);
  return {
    category: text(params.category),
    name: text(params.name),
    min: amount(params.min),
    max: amount(params.max),
    rating: Math.min(5, amount(params.rating)),
    order: isProductOrder(params.order) ? params.order : SEARCH_DEFAULTS.order,
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The full search address for `current` with `change` applied. A change of anything but the page
 * starts again at page 1, since the old page number means nothing for the new results.
 */
export function searchUrl(current: SearchParams, change: Partial<SearchParams> = {}): string {
  const next: SearchParams = { ...current, pageNumber: 1, ...change };
  const segment = (value: string | number) => encodeURIComponent(String(value));
  return (
    `/search/category/${segment(next.category)}/name/${segment(next.name)}` +
    `/min/${segment(next.min)}/max/${segment(next.max)}/rating/${segment(next.rating)}` +
    `/order/${segment(next.order)}/pageNumber/${segment(next.pageNumber)}`
  );
}

/** Whether any filter narrows the results (the sort and the page do not). */
export function hasFilters(params: SearchParams): boolean {
  const { name, category } = searchFilters(params);
  return name !== undefined || category !== undefined || params.min > 0 || params.max > 0 || params.rating > 0;
}

/** The name and category to filter by: undefined where the address says 'all'. */
export function searchFilters(params: SearchParams): { name: string | undefined; category: string | undefined } {
  return { name: textFilter(params.name), category: textFilter(params.category) };
}

/** 'SEK 10-100', 'SEK 10 and up' or 'up to SEK 100': the price bound as text. */
export function priceLabel(min: number, max: number): string {
  const preset = PRICE_PRESETS.find((p) => p.min === min && p.max === max);
  if (preset) return preset.label;
  if (max > 0) return min > 0 ? `SEK ${min}-${max}` : `Up to SEK ${max}`;
  return `SEK ${min} and up`;
}
