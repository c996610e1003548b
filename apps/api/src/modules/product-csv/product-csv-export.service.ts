/** A seller's products as a CSV file (GET /api/products/mine.csv), by product number. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, productVariants } from '#api/db/schema.ts';
import { writeCsv } from './csv-file';
import { CSV_HEADER, type CsvProduct, type CsvVariant, productToCsvRows } from './product-csv-rows';

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
  options: products.options,
};

/** Every variant of the seller's products, by product and in the seller's order within one. */
export async function sellersVariants(db: Db, sellerId: string): Promise<Map<string, CsvVariant[]>> {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      values: productVariants.optionValues,
      countInStock: productVariants.countInStock,
      priceOre: productVariants.priceOre,
      sku: productVariants.sku,
      image: productVariants.image,
    })
    .from(productVariants)
    .where(eq(productVariants.sellerId, sellerId))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const byProduct = new Map<string, CsvVariant[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

export async function exportProductsCsv(db: Db, sellerId: string): Promise<string> {
  const rows = (await db
    .select(csvProductColumns)
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(products.number))) as CsvProduct[];
  const variants = await sellersVariants(db, sellerId);
  return writeCsv(
    CSV_HEADER,
    rows.flatMap((product) => productToCsvRows(product, variants.get(product.id))),
  );
}
