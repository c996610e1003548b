/** One product's page: the product with its reviews, as the API answers it. */
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import { type Db, oncePerDatabase } from '#api/db/client.ts';
import { productReviewTexts, products, sellers, users } from '#api/db/schema.ts';
import { textRows, textStatement } from '#api/db/text-rows.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { AFTER_PRODUCT_COLUMNS, productFactsOfRow, productJsonOfRow, productTextColumns } from './product-json';
import { variantsJsonText } from './variants.service';

/**
 * One product with its reviews, newest first, in one statement, read as text; prepared once per
 * connection. The reviews are the answer's JSON text itself, kept by the database when they
 * change (product_review_texts, migration 0024), so the API puts the text in as it is; a product
 * without reviews has no row there.
 */
function productDetailsStatement(db: Db) {
  return textStatement(
    db
      .select({
        ...productTextColumns,
        reviews: sql<string>`coalesce(${productReviewTexts.reviews}, '[]')`,
        // The options and variants (variants.service.ts), written as JSON text by the database.
        options: sql<string>`${products.options}`,
        variants: variantsJsonText(),
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      .leftJoin(productReviewTexts, eq(productReviewTexts.productId, products.id))
      .where(eq(products.id, sql.placeholder('id'))),
    'product_details',
  );
}

const detailsStatement = oncePerDatabase(productDetailsStatement);

/** One product's answer (ProductDetails as JSON), with what says who may see it. */
export interface ProductDetailsAnswer {
  json: string;
  sellerId: string;
  isDraft: boolean;
  hidden: boolean;
  removed: boolean;
}

/**
 * One product with its reviews, newest first, as the API answers it; null when there is none
 * with that id. Written from the row read as text, as the lists are (product-json.ts).
 */
export async function productDetailsAnswer(db: Db, id: string): Promise<ProductDetailsAnswer | null> {
  if (!isUuid(id)) return null;
  const [row] = await textRows(db, detailsStatement(db), { id });
  if (!row) return null;
  const reviews = row[AFTER_PRODUCT_COLUMNS] ?? '[]';
  // Written again as JSON.stringify writes them (the database's JSON text spaces its keys).
  const options = JSON.stringify(JSON.parse(row[AFTER_PRODUCT_COLUMNS + 1] ?? '[]'));
  const variants = JSON.stringify(JSON.parse(row[AFTER_PRODUCT_COLUMNS + 2] ?? '[]'));
  return {
    json: productJsonOfRow(row, `"reviews":${reviews},"options":${options},"variants":${variants}`),
    ...productFactsOfRow(row),
  };
}

/** One product with its reviews, newest first; null when there is none with that id. */
export async function getProduct(db: Db, id: string): Promise<ProductDetails | null> {
  const answer = await productDetailsAnswer(db, id);
  return answer && (JSON.parse(answer.json) as ProductDetails);
}
