/**
 * Catalogue query rules (spec section 2, Search results, and section 9): sort orders, page
 * sizes, and the 'all' placeholder of the search routes, which means "no filter".
 */
import { isOneOf } from './one-of';

/** Sort orders of product lists (spec: Search results). */
export const PRODUCT_ORDERS = ['newest', 'lowest', 'highest', 'toprated'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

export function isProductOrder(value: unknown): value is ProductOrder {
  return isOneOf(PRODUCT_ORDERS, value);
}

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
