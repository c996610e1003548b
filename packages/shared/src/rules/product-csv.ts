/**
 * The products CSV file (GET /api/products/mine.csv, POST /api/products/import): its columns, as
 * the seller's screen documents them, and how cells are written
 * (docs/decisions/293-products-and-orders-as-csv.md).
 *
 * - UTF-8 with a byte order mark, `;` between cells and a decimal comma in amounts ("249,50"):
 *   what Excel in Swedish opens as columns and saves back. An import also reads `,` files, with
 *   or without the mark, and amounts with a decimal point.
 * - One row per product without variants (its option and variant cells empty); one row per
 *   variant of a product with variants, the product's own cells repeated on each and the
 *   variant's in the option and variant columns.
 * - A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
 *   return) is written after a `'`; an import takes that `'` away again.
 */

export const PRODUCT_CSV_DELIMITER = ';';

/** The most bytes an import file may have: 10 MB and over is refused. */
export const MAX_PRODUCT_CSV_BYTES = 10 * 1024 * 1024 - 1;
/** The most rows (below the header) an import reads. */
export const MAX_PRODUCT_CSV_ROWS = 20_000;

export interface ProductCsvColumn {
  name: string;
  /** An import refuses a file without this column. */
  required: boolean;
  /** Written by the export, never read by an import (the marketplace keeps it). */
  readOnly?: boolean;
}

/** The columns in the file's order. */
export const PRODUCT_CSV_COLUMNS = [
  { name: 'product_number', required: true },
  { name: 'name', required: true },
  { name: 'price', required: true },
  { name: 'count_in_stock', required: true },
  { name: 'category', required: false },
  { name: 'brand', required: false },
  { name: 'description', required: false },
  { name: 'shipping_price', required: false },
  { name: 'shipping_info', required: false },
  { name: 'vat_rate', required: false },
  { name: 'images', required: false },
  { name: 'status', required: false, readOnly: true },
  { name: 'option1_name', required: false },
  { name: 'option1_value', required: false },
  { name: 'option2_name', required: false },
  { name: 'option2_value', required: false },
  { name: 'variant_sku', required: false },
  { name: 'variant_price', required: false },
  { name: 'variant_stock', required: false },
] as const satisfies readonly ProductCsvColumn[];

export type ProductCsvColumnName = (typeof PRODUCT_CSV_COLUMNS)[number]['name'];

/** The columns of a product's variant, empty on a product without variants. */
export const VARIANT_CSV_COLUMNS = [
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'variant_sku',
  'variant_price',
  'variant_stock',
] as const satisfies readonly ProductCsvColumnName[];

/** Between the image paths of the `images` cell, the first being the product's main image. */
export const IMAGES_CELL_SEPARATOR = '|';

/** Starts a cell a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written: a would-be formula after a `'`, so a spreadsheet shows it as text. */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as read: the `'` that spreadsheetSafe wrote taken away again. */
export function fromSpreadsheetSafe(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** An amount in öre as the file writes it: kronor with a decimal comma ("249,50", "0"). */
export function csvAmount(ore: number): string {
  const kronor = Math.trunc(ore / 100);
  const rest = Math.abs(ore % 100);
  return rest === 0 ? String(kronor) : `${kronor},${String(rest).padStart(2, '0')}`;
}

/** One refused row of an import: its line in the file (the header is line 1) and why. */
export interface ProductCsvRefusal {
  row: number;
  productNumber: string;
  reason: string;
}

/** A product an import creates or changes: its line, number (when it has one), name, and what changes. */
export interface ProductCsvChange {
  row: number;
  productNumber: string;
  name: string;
  /** The columns whose value changes (a created product: every column given). */
  fields: string[];
  /** A variant's row: the variant's name ("M, Blå"). */
  variant?: string;
  /** A variant's row that creates the variant (a new combination of values). */
  newVariant?: boolean;
}

/** The answer of POST /api/products/import (a dry run, applied, or refused). */
export interface ProductCsvReport {
  dryRun: boolean;
  /** Whether the changes were written (never on a dry run, nor when a row is refused). */
  applied: boolean;
  rows: number;
  created: ProductCsvChange[];
  changed: ProductCsvChange[];
  unchanged: number;
  refused: ProductCsvRefusal[];
}

/** The answer of a file that cannot be read at all (400): why, and the line when known. */
export interface ProductCsvFileProblem {
  message: string;
  problems: string[];
}

/** GET /api/orders/export.csv: one row per order line, in the order placed. */
export const ORDER_CSV_COLUMNS = [
  'order_number',
  'placed_at',
  'shop',
  'buyer_name',
  'payment_method',
  'state',
  'paid_at',
  'shipped_at',
  'delivered_at',
  'product_number',
  'product_name',
  'qty',
  'unit_price',
  'vat_rate',
  'line_total',
  'order_shipping',
  'order_total',
] as const;

/** The longest range of days one orders export covers. */
export const MAX_ORDER_EXPORT_DAYS = 366;
