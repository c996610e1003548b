/**
 * The product's JSON (spec section 3, `ProductSummary`), defined once: its keys in the order the
 * API writes them, the products column each is read from, and the kind of value that column
 * holds. Everything that writes a product's JSON is derived from this list:
 * - the API's serializer of rows read through Drizzle (modules/catalog/product-json.ts,
 *   `toProductJson`);
 * - the database's functions that keep each product's JSON text in `products.shown_head` and
 *   `shown_tail` (generated from it by product-json-sql.ts), and those stored columns' expressions;
 * - the splice of that text with the seller's brief for rows read as text (`productJsonOfRow`).
 *
 * The `seller` entry splits the text: `shown_head` holds the keys before it and opens the seller's
 * object with its `_id`; the seller's brief (name, shop, logo, ratings: other tables, joined on
 * each read because they change apart from the product) is written at read time, then
 * `shown_tail` holds the keys after it.
 */
import type { ProductSale, ProductSummary } from '@torget/shared/api-types.generated';

/**
 * How a column's value is written as JSON, each exactly as JSON.stringify writes what the API
 * reads from the column:
 * - `uuid`, `text`: a string; `integer` (int4), `bigint` (int8, read as a JavaScript number), a
 *   number; `boolean`;
 * - `sek`: integer öre written as a number of kronor (öre / 100);
 * - `real`: a float4, as the JavaScript number of PostgreSQL's shortest text for it;
 * - `timestamp`: a timestamptz as Date.toISOString writes it (UTC, milliseconds);
 * - `textList`: a jsonb list of strings; when it is empty, the one-element list of `orColumn`
 *   (rows written before products had several images hold only the main image), or [] when that
 *   is empty too;
 * - `seller`: the seller's object, opened with this column as its `_id` and continued by the
 *   seller's brief.
 */
export type ProductFieldKind =
  | 'uuid'
  | 'text'
  | 'integer'
  | 'bigint'
  | 'sek'
  | 'real'
  | 'timestamp'
  | 'boolean'
  | 'textList'
  | 'seller';

export interface ProductField {
  /** The JSON key. */
  key: Exclude<keyof ProductSummary, keyof ProductSale>;
  /** The products column (its SQL name; the Drizzle row's property is its camelCase). */
  column: string;
  kind: ProductFieldKind;
  /** For `textList`: the text column whose value alone stands for an empty list. */
  orColumn?: string;
  /**
   * A field of the product edit form (PUT /api/products/{id}, its key the JSON key): a save
   * writes it (a `sek` amount as öre), and a change of it grows the product's version
   * (modules/catalog/product-version.ts and the trigger of the same rule, product-version-sql.ts).
   */
  edited?: true;
}

export const PRODUCT_FIELDS = [
  { key: '_id', column: 'id', kind: 'uuid' },
  { key: 'name', column: 'name', kind: 'text', edited: true },
  { key: 'price', column: 'price_ore', kind: 'sek', edited: true },
  { key: 'image', column: 'image', kind: 'text', edited: true },
  { key: 'category', column: 'category', kind: 'text', edited: true },
  { key: 'brand', column: 'brand', kind: 'text', edited: true },
  { key: 'countInStock', column: 'count_in_stock', kind: 'integer', edited: true },
  { key: 'description', column: 'description', kind: 'text', edited: true },
  { key: 'rating', column: 'rating', kind: 'real' },
  { key: 'numReviews', column: 'num_reviews', kind: 'integer' },
  { key: 'verifiedRating', column: 'verified_rating', kind: 'real' },
  { key: 'numVerifiedReviews', column: 'num_verified_reviews', kind: 'integer' },
  { key: 'shipping_price', column: 'shipping_price_ore', kind: 'sek', edited: true },
  { key: 'shipping_info', column: 'shipping_info', kind: 'text', edited: true },
  { key: 'seller', column: 'seller_id', kind: 'seller' },
  { key: 'createdAt', column: 'created_at', kind: 'timestamp' },
  { key: 'updatedAt', column: 'updated_at', kind: 'timestamp' },
  { key: 'version', column: 'version', kind: 'integer' },
  { key: 'images', column: 'images', kind: 'textList', orColumn: 'image' },
  { key: 'number', column: 'number', kind: 'bigint' },
  { key: 'isDraft', column: 'is_draft', kind: 'boolean' },
  { key: 'vatRate', column: 'vat_rate', kind: 'integer', edited: true },
  { key: 'hidden', column: 'hidden', kind: 'boolean' },
  { key: 'removed', column: 'removed', kind: 'boolean' },
] as const satisfies readonly ProductField[];

/**
 * Fails to compile when a key of ProductSummary has no field here (a key here not in it fails
 * above), but for the sale's keys: written at read time, not kept (modules/catalog/product-json.ts,
 * saleShown), because a sale starts and ends by time.
 */
type Unlisted = Exclude<keyof ProductSummary, (typeof PRODUCT_FIELDS)[number]['key'] | keyof ProductSale>;
const everyKeyListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyKeyListed;

/** The fields `shown_head` holds (up to the seller's `_id`) and those `shown_tail` holds (after the seller). */
export function shownParts(): { head: readonly ProductField[]; tail: readonly ProductField[] } {
  const seller = PRODUCT_FIELDS.findIndex((field) => field.kind === 'seller');
  return { head: PRODUCT_FIELDS.slice(0, seller + 1), tail: PRODUCT_FIELDS.slice(seller + 1) };
}

/** A column's property in a row Drizzle maps: `price_ore` → `priceOre`. */
export type PropertyOfColumn<C extends string> = C extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<PropertyOfColumn<Tail>>}`
  : C;

export function propertyOfColumn<C extends string>(column: C): PropertyOfColumn<C> {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as PropertyOfColumn<C>;
}

/** The fields of the product edit form, in the list's order. */
export type EditedField = Extract<(typeof PRODUCT_FIELDS)[number], { edited: true }>;

export const EDITED_FIELDS = PRODUCT_FIELDS.filter((field): field is EditedField => 'edited' in field);
