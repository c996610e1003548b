/**
 * A product and its CSV rows, both ways: the one place that knows the columns' meaning
 * (@torget/shared/rules/product-csv). A product without variants is one row, its option and
 * variant cells empty. A product with variants is one row per variant: the product's cells
 * repeated, the variant's in the option and variant columns; the import groups the rows of one
 * product (product-csv-import.service.ts; docs/decisions/293-products-and-orders-as-csv.md).
 */
import { hasAtMostTwoDecimals, PRODUCT_LIMITS } from '@torget/shared/rules/catalog';
import { oreToSek, sekToOre } from '@torget/shared/rules/money';
import {
  csvAmount,
  fromSpreadsheetSafe,
  IMAGES_CELL_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumnName,
  spreadsheetSafe,
  VARIANT_CSV_COLUMNS,
} from '@torget/shared/rules/product-csv';
import { type ProductOption, VARIANT_LIMITS, VARIANT_MESSAGES } from '@torget/shared/rules/variants';
import { type ProductUpdate, productUpdateSchema } from '@torget/shared/schemas/catalog';

/** What the export writes of a product (and the import compares a row with). */
export interface CsvProduct {
  id: string;
  number: number;
  name: string;
  priceOre: number;
  countInStock: number;
  category: string;
  brand: string;
  description: string;
  shippingPriceOre: number;
  shippingInfo: string;
  vatRate: number;
  image: string;
  images: string[];
  isDraft: boolean;
  /** The product's options (none: a product without variants). */
  options: ProductOption[];
}

/** A variant as the file writes it (and an import compares a row with). */
export interface CsvVariant {
  id: string;
  productId: string;
  values: string[];
  countInStock: number;
  priceOre: number | null;
  sku: string | null;
  image: string | null;
}

export const CSV_HEADER: readonly ProductCsvColumnName[] = PRODUCT_CSV_COLUMNS.map((column) => column.name);

/** The product's gallery: its images, or its one image from before there were several. */
export function galleryOf(product: Pick<CsvProduct, 'image' | 'images'>): string[] {
  if (product.images.length > 0) return product.images;
  return product.image ? [product.image] : [];
}

/**
 * A product's rows in the file, every cell spreadsheet-safe: one row, or with variants one row per
 * variant (in the seller's order), the product's cells repeated on each.
 */
export function productToCsvRows(product: CsvProduct, variants: readonly CsvVariant[] = []): string[][] {
  const cells: Record<ProductCsvColumnName, string> = {
    product_number: String(product.number),
    name: product.name,
    price: csvAmount(product.priceOre),
    count_in_stock: String(product.countInStock),
    category: product.category,
    brand: product.brand,
    description: product.description,
    shipping_price: csvAmount(product.shippingPriceOre),
    shipping_info: product.shippingInfo,
    vat_rate: String(product.vatRate),
    images: galleryOf(product).join(IMAGES_CELL_SEPARATOR),
    status: product.isDraft ? 'draft' : 'listed',
    option1_name: '',
    option1_value: '',
    option2_name: '',
    option2_value: '',
    variant_sku: '',
    variant_price: '',
    variant_stock: '',
  };
  const row = (values: Record<ProductCsvColumnName, string>) => CSV_HEADER.map((name) => spreadsheetSafe(values[name]));
  if (product.options.length === 0 || variants.length === 0) return [row(cells)];
  const [first, second] = product.options;
  return variants.map((variant) =>
    row({
      ...cells,
      option1_name: first?.name ?? '',
      option1_value: first ? (variant.values[0] ?? '') : '',
      option2_name: second?.name ?? '',
      option2_value: second ? (variant.values[1] ?? '') : '',
      variant_sku: variant.sku ?? '',
      variant_price: variant.priceOre === null ? '' : csvAmount(variant.priceOre),
      variant_stock: String(variant.countInStock),
    }),
  );
}

/**
 * A variant's cells as a row gives them. `names` and `values` are the row's options (none when it
 * names the variant by its SKU alone). A cell of a column the file does not have is undefined
 * (the variant keeps its own); an empty SKU or price is null (none: the product's price).
 */
export interface CsvVariantCells {
  names: string[];
  values: string[];
  sku?: string | null;
  priceOre?: number | null;
  countInStock?: number;
}

/** The messages a variant's row is refused with (each has its Swedish text in the web's catalogue). */
export const CSV_VARIANT_MESSAGES = {
  newProduct:
    "Variants are imported for your products: give the row the product's number, or the SKU of one of its variants.",
  unknownSku: 'None of your variants has this SKU: give the row its product number too.',
  noValues: "A variant's row needs its option values, or the SKU of one of the product's variants.",
  optionNames: "The option names are not the product's: write them as the export does.",
  productCells: "A product's rows differ in its own cells: repeat them on each of its rows.",
} as const;

/**
 * A row read: the product number it names (none: a new product, or the product of the variant
 * with its SKU), the product's fields, and a variant's cells (null: a row without variant cells).
 */
export type CsvRowReading =
  | { ok: true; productNumber: string; update: CsvRowUpdate; variant: CsvVariantCells | null }
  | { ok: false; productNumber: string; reason: string };

/**
 * The product's fields a row sets. A column the file does not have is left out (the product keeps
 * its value; a new product takes the default).
 */
export interface CsvRowUpdate {
  name: string;
  price: number;
  countInStock: number;
  category?: string;
  brand?: string;
  description?: string;
  shipping_price?: number;
  shipping_info?: string;
  vatRate?: ProductUpdate['vatRate'];
  images?: string[];
}

/** A number as the edit form takes it: digits, maybe a decimal comma or point. */
const NUMBER = /^-?\d+([.,]\d+)?$/;
const NUMBER_CELLS: [ProductCsvColumnName, string][] = [
  ['price', 'Price'],
  ['count_in_stock', 'Count in stock'],
  ['shipping_price', 'Shipping price'],
  ['vat_rate', 'VAT rate'],
];

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Reads one row: every cell as the product's edit form would take it (the same schema, so the
 * same limits and messages), a would-be formula's `'` taken away. `columns` are the file's.
 */
export function csvRowToUpdate(cells: Record<string, string>, columns: readonly string[]): CsvRowReading {
  const cell = (name: ProductCsvColumnName) => fromSpreadsheetSafe(cells[name] ?? '');
  const has = (name: ProductCsvColumnName) => columns.includes(name);
  const productNumber = cell('product_number').trim();
  let variant: CsvVariantCells | null = null;
  if (VARIANT_CSV_COLUMNS.some((name) => cell(name).trim() !== '')) {
    const read = readVariantCells(cell, has);
    if (typeof read === 'string') return { ok: false, productNumber, reason: read };
    variant = read;
  }
  let images: string[] | undefined;
  if (has('images')) {
    images = cell('images')
      .split(IMAGES_CELL_SEPARATOR)
      .map((path) => path.trim())
      .filter((path) => path !== '');
    const url = images.find((path) => URL_LIKE.test(path));
    if (url) {
      return {
        ok: false,
        productNumber,
        reason: `Images are not fetched from addresses (${url.slice(0, 80)}): name an image already among your products' images, or none.`,
      };
    }
  }
  // A variant's row does not read count_in_stock: the product's stock is its variants' sum.
  const notNumber = NUMBER_CELLS.find(
    ([name]) =>
      has(name) &&
      !(variant && name === 'count_in_stock') &&
      cell(name).trim() !== '' &&
      !NUMBER.test(cell(name).trim()),
  );
  if (notNumber) return { ok: false, productNumber, reason: `${notNumber[1]} must be a number.` };
  const optional = <K extends ProductCsvColumnName>(name: K) => (has(name) ? cell(name) : undefined);
  const vat = optional('vat_rate')?.trim();
  const parsed = productUpdateSchema.safeParse({
    name: cell('name'),
    price: cell('price'),
    countInStock: variant ? '0' : cell('count_in_stock'),
    category: optional('category'),
    brand: optional('brand'),
    description: optional('description'),
    shipping_price: optional('shipping_price')?.trim() || (has('shipping_price') ? '0' : undefined),
    shipping_info: optional('shipping_info'),
    vatRate: vat === '' ? undefined : vat,
    images,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, productNumber, reason: issue?.message ?? 'The row cannot be read.' };
  }
  const value = parsed.data;
  const update: CsvRowUpdate = { name: value.name, price: value.price, countInStock: value.countInStock };
  if (has('category')) update.category = value.category;
  if (has('brand')) update.brand = value.brand;
  if (has('description')) update.description = value.description.slice(0, PRODUCT_LIMITS.description);
  if (has('shipping_price')) update.shipping_price = value.shipping_price;
  if (has('shipping_info')) update.shipping_info = value.shipping_info;
  if (value.vatRate !== undefined) update.vatRate = value.vatRate;
  if (images !== undefined) update.images = images;
  return { ok: true, productNumber, update, variant };
}

/** A variant's amount or stock cell: its value, or the message refusing it. */
function variantNumber(text: string, field: 'Variant price' | 'Variant stock'): number | string {
  if (!NUMBER.test(text)) return `${field} must be a number.`;
  const value = Number(text.replace(',', '.'));
  if (value < 0) return `${field} cannot be negative.`;
  if (field === 'Variant stock') {
    if (!Number.isInteger(value)) return 'Variant stock must be a whole number.';
    if (value > PRODUCT_LIMITS.countInStock) return 'Variant stock is too large.';
    return value;
  }
  if (value > PRODUCT_LIMITS.priceSek) return 'Variant price is too large.';
  if (!hasAtMostTwoDecimals(value)) return 'Variant price can have at most two decimals.';
  return value;
}

/**
 * The option and variant cells of a row that has any: each option a name and a value (the first
 * before the second), the SKU, the own price in kronor and the stock, with the limits and messages
 * of the edit screen's variants. A string is the message the row is refused with.
 */
function readVariantCells(
  cell: (name: ProductCsvColumnName) => string,
  has: (name: ProductCsvColumnName) => boolean,
): CsvVariantCells | string {
  const names: string[] = [];
  const values: string[] = [];
  const options = [
    ['option1_name', 'option1_value'],
    ['option2_name', 'option2_value'],
  ] as const;
  for (const [nameColumn, valueColumn] of options) {
    const name = cell(nameColumn).trim();
    const value = cell(valueColumn).trim();
    if (name === '' && value === '') continue;
    if (name === '') return VARIANT_MESSAGES.optionName;
    // A value without its name, or a second option without a first.
    if (value === '' || (valueColumn === 'option2_value' && names.length === 0)) return VARIANT_MESSAGES.valueCount;
    if (name.length > VARIANT_LIMITS.optionName) return `At most ${VARIANT_LIMITS.optionName} characters.`;
    if (value.length > VARIANT_LIMITS.optionValue) return `At most ${VARIANT_LIMITS.optionValue} characters.`;
    names.push(name);
    values.push(value);
  }
  const read: CsvVariantCells = { names, values };
  if (has('variant_sku')) {
    const sku = cell('variant_sku').trim();
    if (sku.length > VARIANT_LIMITS.sku) return `At most ${VARIANT_LIMITS.sku} characters.`;
    read.sku = sku === '' ? null : sku;
  }
  if (has('variant_price')) {
    const text = cell('variant_price').trim();
    const price = text === '' ? null : variantNumber(text, 'Variant price');
    if (typeof price === 'string') return price;
    read.priceOre = price === null ? null : sekToOre(price);
  }
  if (has('variant_stock')) {
    const text = cell('variant_stock').trim();
    if (text === '') return 'Variant stock is required.';
    const stock = variantNumber(text, 'Variant stock');
    if (typeof stock === 'string') return stock;
    read.countInStock = stock;
  }
  return read;
}

/** The edit form's payload a row makes of `current` (or of a new product). */
export function updateOver(current: CsvProduct | undefined, row: CsvRowUpdate): ProductUpdate {
  const images = row.images ?? (current ? galleryOf(current) : []);
  return {
    name: row.name,
    price: row.price,
    countInStock: row.countInStock,
    image: images[0] ?? '',
    images,
    category: row.category ?? current?.category ?? '',
    brand: row.brand ?? current?.brand ?? '',
    description: row.description ?? current?.description ?? '',
    shipping_price: row.shipping_price ?? (current ? oreToSek(current.shippingPriceOre) : 0),
    shipping_info: row.shipping_info ?? current?.shippingInfo ?? '',
    vatRate: row.vatRate ?? (current?.vatRate as ProductUpdate['vatRate']) ?? 25,
  };
}
