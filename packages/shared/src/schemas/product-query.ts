/** The query of GET /api/products, built on the catalogue query rules (rules/catalog-query.ts). */
import { z } from 'zod';
import { MANAGED_PRODUCT_STATES } from '../rules/admin-lists';
import {
  DEFAULT_PUBLIC_PAGE_SIZE,
  MANAGED_PRODUCT_SORTS,
  MAX_PAGE_SIZE,
  PRODUCT_ORDERS,
  SUGGEST_MAX_LENGTH,
  textFilter,
} from '../rules/catalog-query';
import { INT4_MAX } from '../rules/integers';
import { ORE_PER_SEK } from '../rules/money';

/**
 * The largest price bound a search takes, in kronor: the database compares it in öre with the
 * prices' integer column, so its öre must fit that column (no price comes near it).
 */
export const PRICE_FILTER_MAX_SEK = Math.floor(INT4_MAX / ORE_PER_SEK);

/** A uuid, the shape of every id in Torget. */
export const idSchema = z.uuid({ message: 'Invalid id.' });

/** An id in a query, where leaving it out or empty means "any". */
export const optionalIdSchema = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .pipe(idSchema.optional())
  .optional();

/**
 * An empty query value means "not given": a client that sends every key, empty when
 * unset, gets the defaults rather than a 400 (`Number('')` would be 0, below page 1).
 */
function unlessEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
}

/**
 * Query of GET /api/products. Blank text and the 'all' placeholder of the search routes
 * mean "no filter" (textFilter); min, max and rating of 0 mean "no bound" (spec: search defaults).
 */
export const productListQuerySchema = z.object({
  pageNumber: unlessEmpty(z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: unlessEmpty(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PUBLIC_PAGE_SIZE)),
  seller: optionalIdSchema,
  name: z.string().max(200).transform(textFilter).optional(),
  category: z.string().max(100).transform(textFilter).optional(),
  min: unlessEmpty(z.coerce.number().min(0).max(PRICE_FILTER_MAX_SEK, 'min is too large.').default(0)),
  max: unlessEmpty(z.coerce.number().min(0).max(PRICE_FILTER_MAX_SEK, 'max is too large.').default(0)),
  rating: unlessEmpty(z.coerce.number().min(0).max(5).default(0)),
  order: unlessEmpty(z.enum(PRODUCT_ORDERS).default('newest')),
  /**
   * Added beyond the spec. 'manage' is the seller's list of their own products (`seller` = the
   * caller) or an admin's list: drafts and closed shops' products included, never cached, with
   * a bearer token (403 otherwise). The public catalogue is the default.
   */
  scope: unlessEmpty(z.enum(['catalog', 'manage']).default('catalog')),
  /** Added beyond the spec: the managing list's column sort (rules/catalog-query.ts); ignored by the catalogue. */
  sort: unlessEmpty(z.enum(MANAGED_PRODUCT_SORTS).optional()),
  /**
   * Added beyond the spec: the managing list's listed / draft filter (decision 270; listed = on
   * sale to shoppers, draft = not published); ignored by the catalogue.
   */
  state: unlessEmpty(
    z.enum(MANAGED_PRODUCT_STATES, { message: 'state must be listed, draft, hidden or removed.' }).optional(),
  ),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Query of GET /api/products/suggest: the text typed so far. */
export const suggestQuerySchema = z.object({
  q: z
    .string()
    .max(SUGGEST_MAX_LENGTH)
    .default('')
    .transform((text) => text.trim()),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

/**
 * Query of GET /api/products/facets: the search's filters, with the same defaults and empty
 * values, without paging or sort.
 */
export const productFacetsQuerySchema = productListQuerySchema.pick({
  seller: true,
  name: true,
  category: true,
  min: true,
  max: true,
  rating: true,
});
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;
