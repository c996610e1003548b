/**
 * Catalogue query rules (spec section 2, Search results, and section 9): sort orders, page
 * sizes, and the 'all' placeholder of the search routes, which means "no filter".
 */
import { isOneOf } from './one-of';

/**
 * Sort orders of product lists: the spec's four (Search results) and 'relevance' ("Best match"),
 * which orders a name search by how well each name matches and is the newest order
 * when no name is given.
 */
export const PRODUCT_ORDERS = ['newest', 'lowest', 'highest', 'toprated', 'relevance'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

export function isProductOrder(value: unknown): value is ProductOrder {
  return isOneOf(PRODUCT_ORDERS, value);
}

/**
 * Column sorts of the seller's and admin's product lists, `-` for descending;
 * 'newest' is the default. Only the managing list sorts by these.
 */
export const MANAGED_PRODUCT_SORTS = [
  'newest',
  'oldest',
  'name',
  '-name',
  'price',
  '-price',
  'stock',
  '-stock',
] as const;
export type ManagedProductSort = (typeof MANAGED_PRODUCT_SORTS)[number];

/** Products per page of the public lists: search, storefront. */
export const DEFAULT_PUBLIC_PAGE_SIZE = 12;
/** Products per page of a seller's and an admin's product list. */
export const MANAGEMENT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The search routes' word for "no filter" on name and category. */
export const ALL = 'all';

/**
 * The filter a name or category text stands for: undefined (no filter) for the 'all'
 * placeholder and for blank text, else the trimmed text.
 */
export function textFilter(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' || text === ALL ? undefined : trimmed;
}

/**
 * Swedish inflection endings (plural, definite, both) stripped from a search word, longest
 * first: "mössor", "mössan" and "mössorna" all leave "möss", which "Mössa" contains.
 */
const SWEDISH_ENDINGS = [
  'ornas',
  'arnas',
  'ernas',
  'orna',
  'arna',
  'erna',
  'or',
  'ar',
  'er',
  'an',
  'en',
  'et',
  'na',
  'a',
  'e',
];

/** A stem keeps at least this many letters, so short words are searched as typed. */
const MIN_STEM_LENGTH = 3;

/** A word of letters only: inflections and typos are looked for in words, never in codes or symbols. */
export function isLetterWord(word: string): boolean {
  return /^\p{L}+$/u.test(word);
}

/** The search words of a name query: lower case, split at white space. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/**
 * The stem a name must contain for a search word: the word without its Swedish inflection
 * ending ("mössor" → "möss", "lampa" → "lamp"), or the word itself when it is not a word of
 * letters or would be shorter than three letters without the ending.
 */
export function searchStem(word: string): string {
  if (!isLetterWord(word)) return word;
  const ending = SWEDISH_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= MIN_STEM_LENGTH);
  return ending ? word.slice(0, -ending.length) : word;
}

/** Typos are forgiven in words of letters at least this long ("fotbol", "hörlurrar"). */
export const MIN_TYPO_WORD_LENGTH = 5;

export function mayHaveTypo(word: string): boolean {
  return isLetterWord(word) && [...word].length >= MIN_TYPO_WORD_LENGTH;
}

/**
 * Counts of free-text and combined filters stop at this many: past it an answer says
 * "1 000+" (`countIsCapped`, `capped`) instead of reading every match. Lists whose filters are
 * few and fixed (everything listed, one category, one seller) have exact counts kept by the
 * database and are never capped (docs/decisions/041-catalogue-counters-and-capped-counts.md).
 */
export const COUNT_CAP = 1000;

/**
 * Spec section 3, Filters: the search sidebar's price presets in SEK, as the facets answer them
 * ("Any" has no bounds: `max` null). A product is in a range when min ≤ price ≤ max, as the
 * search's own min/max filters read them.
 */
export const PRICE_PRESET_RANGES: readonly { min: number; max: number | null }[] = [
  { min: 0, max: null },
  { min: 1, max: 10 },
  { min: 10, max: 100 },
  { min: 100, max: 1000 },
];

/** Spec section 3, Filters: '{n} stars & up', a product rating of at least n. */
export const RATING_PRESETS: readonly number[] = [4, 3, 2, 1];

/** Suggestions as you type: from this many characters (after trimming) ... */
export const SUGGEST_MIN_LENGTH = 2;
/** ... up to this many (longer queries are refused) ... */
export const SUGGEST_MAX_LENGTH = 100;
/** ... at most this many products and shops (8 entries in all). */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_SHOPS = 2;
