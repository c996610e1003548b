/** A seller's products as a CSV file (GET /api/products/mine.csv), by product number. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { writeCsv } from './csv-file';
import { CSV_HEADER, type CsvProduct, productToCsvRows } from './product-csv-rows';

/** What the file writes of a product, and what an import compares a row with. */
export const csvProductColumns = {
  id: products.id,
  number: products.number,
  name: products.name,
  priceOre: products.priceOre,
  countInStock: products.countInStock,
  category: products.category,
  brand: products.brand,
  description: products.description,
  shippingPriceOre: products.shippingPriceOre,
  shippingInfo: products.shippingInfo,
  vatRate: products.vatRate,
  image: products.image,
  images: products.images,
  isDraft: products.isDraft,
};

export async function exportProductsCsv(db: Db, sellerId: string): Promise<string> {
  const rows = (await db
    .select(csvProductColumns)
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(products.number))) as CsvProduct[];
  return writeCsv(CSV_HEADER, rows.flatMap(productToCsvRows));
}
