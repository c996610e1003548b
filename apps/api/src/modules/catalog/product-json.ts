/**
 * Shapes database rows into the product JSON of spec section 3 (SEK numbers, `_id`), by the
 * product's field list (db/product-fields.ts), and the seller's brief joined into it.
 */
import type { ProductSummary, Review } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import { getTableColumns, sql } from 'drizzle-orm';
import { PRODUCT_FIELDS, type ProductField, propertyOfColumn } from '#api/db/product-fields.ts';
import { products, type reviews, sellers, users } from '#api/db/schema.ts';
import type { TextRow } from '#api/db/text-rows.ts';

/**
 * The product's columns an answer read through Drizzle shows: all but the search text and the
 * product's kept JSON (long columns no such answer holds, which the API would receive and decode
 * on every row) and the seller's status copy.
 */
const {
  searchText: _searchText,
  shownHead: _shownHead,
  shownTail: _shownTail,
  sellerActive: _sellerActive,
  ...shownProductColumns
} = getTableColumns(products);

/** The seller's brief's columns: joined on each read (they change apart from the product). */
const sellerBriefColumns = {
  sellerUserName: users.name,
  sellerShopName: sellers.name,
  sellerLogo: sellers.logo,
  sellerHasLogo: sellers.hasLogo,
  sellerRating: sellers.rating,
  sellerNumReviews: sellers.numReviews,
};

type BriefColumn = keyof typeof sellerBriefColumns;

/** A value of the brief: its column (null when the seller has no shop yet) and its kind. */
interface BriefValue {
  column: BriefColumn;
  kind: 'text' | 'boolean' | 'real' | 'integer';
  /** Shown instead when the column is null or empty. */
  orColumn?: BriefColumn;
}

interface BriefObject {
  readonly [key: string]: BriefValue | BriefObject;
}

/**
 * The keys the seller's object of a product's JSON holds after its `_id` (the product's column,
 * product-fields.ts), in order. A null (a seller without a shop row yet) is shown as the kind's
 * zero: '', false, 0.
 */
const SELLER_BRIEF: BriefObject = {
  name: { column: 'sellerUserName', kind: 'text' },
  seller: {
    // A seller without a shop name yet is shown by their own name.
    name: { column: 'sellerShopName', kind: 'text', orColumn: 'sellerUserName' },
    logo: { column: 'sellerLogo', kind: 'text' },
    has_logo: { column: 'sellerHasLogo', kind: 'boolean' },
    rating: { column: 'sellerRating', kind: 'real' },
    numReviews: { column: 'sellerNumReviews', kind: 'integer' },
  },
};

const isValue = (entry: BriefValue | BriefObject): entry is BriefValue => typeof entry.column === 'string';

/** The sale's keys when no sale is set or it has ended: most products' on every read. */
export const NO_SALE_JSON =
  ',"salePrice":null,"saleStartsAt":null,"saleEndsAt":null,"lowestPrice30d":null,"onSale":false';

/**
 * The sale's keys of the product's JSON (ProductSale), as text starting with a comma: written at
 * read time, as a sale starts and ends by time (kept text could not follow it), by
 * torget_product_sale_json (db/sql/45-price-history.sql) for a product whose sale has not ended,
 * a constant for every other, so a list without sales pays one comparison a row.
 */
export const saleShown = sql<string>`case when ${products.salePriceOre} is null or ${products.saleEndsAt} <= now() then ${NO_SALE_JSON}::text
  else torget_product_sale_json(${products.id}, ${products.priceOre}, ${products.salePriceOre}, ${products.saleStartsAt}, ${products.saleEndsAt}, now()) end`;

/** The columns a product read through Drizzle selects: the product, its seller's brief, its sale. */
export const productWithSellerColumns = { ...shownProductColumns, ...sellerBriefColumns, saleShown };

/**
 * The columns a product list or product page read as text selects: who may see the product, the
 * product's JSON as the database keeps it, and its seller's brief.
 */
export const productTextColumns = {
  id: products.id,
  sellerId: products.sellerId,
  isDraft: products.isDraft,
  hidden: products.hidden,
  removed: products.removed,
  shownHead: products.shownHead,
  shownTail: products.shownTail,
  saleShown,
  ...sellerBriefColumns,
};

/** A product and its seller's brief as Drizzle maps them (productWithSellerColumns). */
export type ProductWithSellerRow = Omit<
  typeof products.$inferSelect,
  'searchText' | 'shownHead' | 'shownTail' | 'sellerActive'
> & {
  sellerUserName: string;
  sellerShopName: string | null;
  sellerLogo: string | null;
  sellerHasLogo: boolean | null;
  sellerRating: number | null;
  sellerNumReviews: number | null;
  saleShown: string;
};

/** Where each of productTextColumns stands in a row read as text (their select order). */
const column = Object.fromEntries(Object.keys(productTextColumns).map((key, index) => [key, index])) as Record<
  keyof typeof productTextColumns,
  number
>;

/** The column after a product's: a list's count, when its statement selects one. */
export const AFTER_PRODUCT_COLUMNS = Object.keys(productTextColumns).length;

/** The product's id and its seller's id in a row read as text. */
export function shownOfRow(row: TextRow): { _id: string; seller: { _id: string } } {
  return { _id: row[column.id] ?? '', seller: { _id: row[column.sellerId] ?? '' } };
}

/** What says who may see the product of a row read as text (canSeeProduct). */
export function productFactsOfRow(row: TextRow): {
  sellerId: string;
  isDraft: boolean;
  hidden: boolean;
  removed: boolean;
} {
  return {
    sellerId: row[column.sellerId] ?? '',
    isDraft: row[column.isDraft] === 't',
    hidden: row[column.hidden] === 't',
    removed: row[column.removed] === 't',
  };
}

/** Writes one value of a row read as text (PostgreSQL's text of it) as JSON text. */
type RowTextWriter = (row: TextRow) => string;

/** The writer of a brief value (chosen once per value, not on each row). */
function briefValueWriter(kind: BriefValue['kind'], index: number, orIndex: number | undefined): RowTextWriter {
  switch (kind) {
    case 'text':
      return orIndex === undefined
        ? (row) => JSON.stringify(row[index] ?? '')
        : (row) => JSON.stringify(row[index] || row[orIndex] || '');
    case 'boolean':
      return (row) => (row[index] === 't' ? 'true' : 'false');
    // The number pg would have parsed from the text, as JSON writes it.
    case 'real':
      return (row) => {
        const text = row[index];
        return JSON.stringify(text == null ? 0 : Number.parseFloat(text));
      };
    // PostgreSQL writes an integer as plain digits, as JSON does.
    case 'integer':
      return (row) => row[index] ?? '0';
  }
}

/** One step of writing the brief from a row read as text: fixed text, then a value. */
interface BriefStep {
  before: string;
  write: RowTextWriter;
}

/** The brief's steps (prepared once) and the text after its last value, which closes its objects. */
function briefSteps(object: BriefObject, opening: string): { steps: BriefStep[]; after: string } {
  const steps: BriefStep[] = [];
  let pending = opening;
  for (const [key, entry] of Object.entries(object)) {
    const before = `${pending}${JSON.stringify(key)}:`;
    if (isValue(entry)) {
      const orIndex = entry.orColumn === undefined ? undefined : column[entry.orColumn];
      steps.push({ before, write: briefValueWriter(entry.kind, column[entry.column], orIndex) });
      pending = ',';
    } else {
      const inner = briefSteps(entry, `${before}{`);
      steps.push(...inner.steps);
      pending = `${inner.after},`;
    }
  }
  return { steps, after: `${pending.slice(0, -1)}}` };
}

/** The brief after the head's seller `_id`, up to the seller object's closing brace. */
const BRIEF = briefSteps(SELLER_BRIEF, ',');

/**
 * One product of a row read as text (db/text-rows.ts), as JSON: the same text as
 * `JSON.stringify(toProductJson(row))` for the row read through Drizzle (product-json.test.ts
 * compares the two on the same rows). The product's own keys are the database's text
 * (products.shown_head and shown_tail, from the field list); the seller's brief between them is
 * written here, as it is joined. `more` is written after the product's own keys (`"reviews":[…]`).
 */
export function productJsonOfRow(row: TextRow, more?: string): string {
  let json = row[column.shownHead] ?? '';
  for (const step of BRIEF.steps) json += step.before + step.write(row);
  return `${json}${BRIEF.after}${row[column.shownTail]}${row[column.saleShown]}${more ? `,${more}` : ''}}`;
}

/** The zero a null brief value is shown as. */
const BRIEF_ZERO = { text: '', boolean: false, real: 0, integer: 0 } as const;

function briefValue(object: BriefObject, row: ProductWithSellerRow): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(object)) {
    if (!isValue(entry)) json[key] = briefValue(entry, row);
    else
      json[key] =
        (entry.orColumn ? row[entry.column] || row[entry.orColumn] : row[entry.column]) ?? BRIEF_ZERO[entry.kind];
  }
  return json;
}

/** Each field of the product with its property in a row Drizzle maps. */
const FIELDS = PRODUCT_FIELDS.map((field: ProductField) => ({
  ...field,
  property: propertyOfColumn(field.column),
  orProperty: field.orColumn === undefined ? '' : propertyOfColumn(field.orColumn),
}));

/** A field's value in the product's JSON, from the row Drizzle maps (by the field's kind). */
function fieldValue(field: (typeof FIELDS)[number], row: ProductWithSellerRow): unknown {
  const values = row as unknown as Record<string, unknown>;
  const value = values[field.property];
  switch (field.kind) {
    case 'sek':
      return oreToSek(value as number);
    case 'timestamp':
      return (value as Date).toISOString();
    case 'textList': {
      const list = value as string[];
      if (list.length > 0) return list;
      const one = values[field.orProperty] as string | undefined;
      return one ? [one] : [];
    }
    case 'seller':
      return { _id: value, ...briefValue(SELLER_BRIEF, row) };
    default:
      return value;
  }
}

/** The product's JSON (spec section 3) from a row read through Drizzle, by the field list. */
export function toProductJson(row: ProductWithSellerRow): ProductSummary {
  const json: Record<string, unknown> = {};
  for (const field of FIELDS) json[field.key] = fieldValue(field, row);
  // The sale's keys, as the text path writes them (the same SQL for both).
  Object.assign(json, JSON.parse(`{${row.saleShown.slice(1)}}`));
  // The field list names every key of ProductSummary (product-fields.ts checks it at compile time).
  return json as unknown as ProductSummary;
}

export function toReviewJson(row: typeof reviews.$inferSelect): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
  };
}
