/**
 * Product variants (migration 0043, docs/decisions/290-product-variants.md): one row per
 * combination of option values a product is sold in, with its own stock and, optionally, its own
 * price, SKU and image. The product keeps the options (`products.options`) and, as its
 * `count_in_stock`, the sum of its variants' stock (modules/catalog/variants.service.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's seller: a SKU is unique per seller. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The variant's place in the seller's list. */
    position: integer('position').notNull(),
    /** One value per option of the product, in the options' order ("M", "Blå"). */
    optionValues: jsonb('option_values').$type<string[]>().notNull(),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** Null: the product's price. */
    priceOre: integer('price_ore'),
    sku: text('sku'),
    /** One of the product's images; null: the product's. */
    image: text('image'),
  },
  (t) => [
    check('product_variants_stock_check', sql`${t.countInStock} >= 0`),
    check('product_variants_price_check', sql`${t.priceOre} >= 0`),
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_seller_sku_idx')
      .on(t.sellerId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} IS NOT NULL`),
  ],
);
