/**
 * A product and its CSV rows, both ways: the one place that knows the columns' meaning
 * (@torget/shared/rules/product-csv). A product without variants is one row, its option and
 * variant cells empty. Once products have variants, a product is one row per variant: the
 * product's cells repeated, the variant's in the option and variant columns; reading groups the
 * rows of one product number, and only the functions here change (docs/decisions/293-csv.md).
 */
import { PRODUCT_LIMITS } from '@torget/shared/rules/catalog';
import { oreToSek } from '@torget/shared/rules/money';
import {
  csvAmount,
  fromSpreadsheetSafe,
  IMAGES_CELL_SEPARATOR,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumnName,
  spreadsheetSafe,
  VARIANT_CSV_COLUMNS,
} from '@torget/shared/rules/product-csv';
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
}

export const CSV_HEADER: readonly ProductCsvColumnName[] = PRODUCT_CSV_COLUMNS.map((column) => column.name);

/** The product's gallery: its images, or its one image from before there were several. */
export function galleryOf(product: Pick<CsvProduct, 'image' | 'images'>): string[] {
  if (product.images.length > 0) return product.images;
  return product.image ? [product.image] : [];
}

/** A product's rows in the file, every cell spreadsheet-safe. */
export function productToCsvRows(product: CsvProduct): string[][] {
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
  return [CSV_HEADER.map((name) => spreadsheetSafe(cells[name]))];
}

/** A row read: the product number it names (none: a new product) and the product's fields. */
export type CsvRowReading =
  | { ok: true; productNumber: string; update: CsvRowUpdate }
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
  if (VARIANT_CSV_COLUMNS.some((name) => cell(name).trim() !== '')) {
    return {
      ok: false,
      productNumber,
      reason: 'Variants cannot be imported yet: leave the option and variant columns empty.',
    };
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
  const notNumber = NUMBER_CELLS.find(
    ([name]) => has(name) && cell(name).trim() !== '' && !NUMBER.test(cell(name).trim()),
  );
  if (notNumber) return { ok: false, productNumber, reason: `${notNumber[1]} must be a number.` };
  const optional = <K extends ProductCsvColumnName>(name: K) => (has(name) ? cell(name) : undefined);
  const vat = optional('vat_rate')?.trim();
  const parsed = productUpdateSchema.safeParse({
    name: cell('name'),
    price: cell('price'),
    countInStock: cell('count_in_stock'),
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
  return { ok: true, productNumber, update };
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
