/** Products and their reviews. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shownColumnExpression } from '../product-json-sql';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The predicate of the catalogue's partial indexes: a product is LISTED (shown to shoppers) while
 * its seller is active and it is not a draft (migration 0007).
 */
const listedOnly = sql`seller_active AND NOT is_draft`;

/**
 * Its complement: every product shoppers do not see (drafts, hidden, removed, closed shops'). The
 * admin's name search reads these from an index of their own beside the catalogue's listed ones
 * (migration 0048, docs/decisions/297); modules/catalog/managed-products.service.ts writes the
 * same predicate, so the planner proves the index serves it.
 */
const unlistedOnly = sql`NOT seller_active OR is_draft`;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceOre: integer('price_ore').notNull().default(0),
    image: text('image').notNull().default(''),
    category: text('category').notNull().default(''),
    brand: text('brand').notNull().default(''),
    countInStock: integer('count_in_stock').notNull().default(0),
    description: text('description').notNull().default(''),
    /**
     * The mean of the verified reviews when there is one, otherwise of all the reviews; 0 without
     * reviews. `numReviews` counts every review. Kept by the review procedures (db/ratings.ts).
     */
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** The mean (0 without one) and number of the verified-purchase reviews (migration 0028). */
    verifiedRating: real('verified_rating').notNull().default(0),
    numVerifiedReviews: integer('num_verified_reviews').notNull().default(0),
    shippingPriceOre: integer('shipping_price_ore').notNull().default(0),
    shippingInfo: text('shipping_info').notNull().default(''),
    /** The moms rate in percent the price includes: 25, 12 or 6 (@torget/shared/rules/vat). */
    vatRate: integer('vat_rate').notNull().default(25),
    /**
     * Whether the product is on public view apart from being a draft: its seller is an active
     * seller (is_seller and not deleted) and it is neither hidden by the seller nor removed by
     * moderation. Kept by database triggers (db/sql/20-seller-status.sql; migrations 0002, 0026,
     * 0040): catalogue reads filter on it without joining users, and the list indexes below
     * cover only products on sale (docs/decisions/243-hidden-and-removed-products.md).
     */
    sellerActive: boolean('seller_active').notNull().default(false),
    /**
     * Grows by one whenever a field of the edit form or the stock changes, sales and cancellations
     * too. The API's statements set it (modules/catalog/product-version.ts); for any other, a
     * database trigger does (migration 0026). An edit that names the version it was loaded from
     * is refused when it no longer matches: it cannot undo a sale.
     */
    version: integer('version').notNull().default(0),
    /** The short product number sellers see instead of the UUID (sequence from 1001, migration 0006). */
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('products_number_seq')`),
    /**
     * True from "Create Product" until the product is saved with a name, a price above 0 and an
     * image; a draft is shown to nobody but its seller and admins.
     */
    isDraft: boolean('is_draft').notNull().default(false),
    /**
     * A sale: its price, in force from `saleStartsAt` until `saleEndsAt` while below the ordinary
     * price (torget_price_in_force, db/sql/45-price-history.sql); the three set together or all
     * null (migration 0044).
     */
    salePriceOre: integer('sale_price_ore'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    /**
     * Taken off sale by its seller, who may show it again; counts against the plan like a listed
     * product. Folded into `seller_active` by triggers (db/sql/20-seller-status.sql), so every
     * catalogue read leaves it out with no predicate of its own (docs/decisions/243-*).
     */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * Removed by an admin's moderation decision (the report and its statement of reasons:
     * `reports`); the seller cannot undo it. Folded into `seller_active` as `hidden` is.
     */
    removed: boolean('removed').notNull().default(false),
    /** Up to 8 image paths in the seller's order; the first is always `image`. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * The name's search text (lower case, no diacritics: torget_search_text, migration 0005),
     * stored by the database (migration 0007) so name search never computes it per row.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`torget_search_text(name)`),
    /**
     * What a catalogue search finds besides the name's search text (migration 0049,
     * torget_find_text): the name's other spellings ("ebok" of "e-bok"), then, after chr(31), the
     * words of the category, brand and description that no word of the name holds.
     */
    findText: text('find_text').notNull().generatedAlwaysAs(sql`torget_find_text(name, category, brand, description)`),
    /**
     * The product as the API's JSON, around its seller: from the opening brace to the seller's
     * `"_id":…`, and from the comma after the seller to the last value. Written by the database
     * with every write of the product, by functions generated from the field list
     * (db/product-fields.ts), so a list reads two texts a product instead of every column.
     */
    shownHead: text('shown_head')
      .notNull()
      .generatedAlwaysAs(sql.raw(shownColumnExpression('head'))),
    shownTail: text('shown_tail')
      .notNull()
      .generatedAlwaysAs(sql.raw(shownColumnExpression('tail'))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The options of a product with variants ([{ name, values }], rules/variants.ts; migration
     * 0043); [] for a product without. Its variants are rows of `product_variants`.
     */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
  },
  (t) => [
    check('products_price_check', sql`${t.priceOre} >= 0`),
    check('products_stock_check', sql`${t.countInStock} >= 0`),
    check('products_shipping_price_check', sql`${t.shippingPriceOre} >= 0`),
    check('products_vat_rate_check', sql`${t.vatRate} IN (25, 12, 6)`),
    check(
      'products_sale_check',
      sql`(${t.salePriceOre} IS NULL AND ${t.saleStartsAt} IS NULL AND ${t.saleEndsAt} IS NULL) OR (${t.salePriceOre} >= 0 AND ${t.saleEndsAt} > ${t.saleStartsAt})`,
    ),
    // Name search matches words, stems and typos in the name's search text (lower case, no
    // diacritics: torget_search_text, migration 0005), served by a trigram index; with a
    // category too, by one that holds both (btree_gin), so the category narrows the candidates
    // before any row is read.
    // Without GIN's pending list (migration 0010): writes go into the index itself, so searches
    // never read through entries written since the last vacuum.
    index('products_on_sale_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(listedOnly),
    index('products_on_sale_category_search_trgm_idx')
      .using('gin', t.category, sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(listedOnly),
    // The catalogue's search reads the category, brand and description words (and the name's
    // other spellings) in the same scans as the name (migration 0049).
    index('products_on_sale_find_trgm_idx')
      .using('gin', sql`${t.findText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(listedOnly),
    // Suggestions as you type: names beginning with the text typed, in name order.
    index('products_on_sale_search_prefix_idx').using('btree', sql`${t.searchText} text_pattern_ops`).where(listedOnly),
    // Serves deleting a seller (the foreign key) and the seller-status triggers.
    index('products_seller_idx').on(t.sellerId),
    // One index per filter and sort of the catalogue, over products on sale only: each sort can
    // be read in order (no sort of all matches), a page's ids and a count are read from the
    // index alone, and a deep page skips index entries instead of whole rows. Descending keys
    // are NULLS FIRST, as a plain ORDER BY … DESC is, or the index could not give the order.
    index('products_on_sale_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listedOnly),
    // The sweep of never-saved drafts reads drafts by age (migration 0008).
    index('products_draft_created_idx').on(t.createdAt).where(sql`is_draft`),
    index('products_on_sale_price_idx').on(t.priceOre, t.id).where(listedOnly),
    index('products_on_sale_rating_idx').on(t.rating.desc().nullsFirst(), t.id).where(listedOnly),
    index('products_on_sale_category_created_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listedOnly),
    index('products_on_sale_category_price_idx').on(t.category, t.priceOre, t.id).where(listedOnly),
    index('products_on_sale_seller_created_idx')
      .on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listedOnly),
    index('products_on_sale_category_rating_idx').on(t.category, t.rating.desc().nullsFirst(), t.id).where(listedOnly),
    // The admin's product list reads every product, drafts and closed shops' too (migration
    // 0047): newest first, from an index over all products. No trigram index over all products:
    // the planner would prefer it to the partial ones above for the catalogue's name search.
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's name search over every product reads the listed ones from the catalogue's
    // index above and the others from this one (migration 0048): an index over the products the
    // catalogue's leaves out, which no catalogue search can use (its predicate is the opposite).
    index('products_unlisted_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(unlistedOnly),
    // The listed products with options, for the search's sizes and colours (migration 0043).
    index('products_with_options_idx').on(t.id).where(sql`jsonb_array_length(${t.options}) > 0 AND ${listedOnly}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's seller, whose rating the review counts towards. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /** The reviewer had a paid or delivered order of the product when reviewing ("Verified purchase"). */
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_seller_idx').on(t.sellerId),
  ],
);

/**
 * A product's reviews as the product page's JSON text (`reviews` of GET /api/products/{id}),
 * newest first, kept when they change instead of put together on every read (migration 0024).
 * Written only by the database: triggers on reviews call `torget_list_reviews` for the products
 * a statement touched; a product without reviews has no row.
 */
export const productReviewTexts = pgTable('product_review_texts', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  reviews: text('reviews').notNull(),
});

/**
 * The price a buyer would have paid for a listed product (the sale price while a sale ran), from
 * each moment it changed: kept by the trigger products_price_recorded (db/sql/45-price-history.sql;
 * migration 0044), a sale's start and end written ahead with their times. The lowest price of the
 * 30 days before a sale is read from here (torget_lowest_price_before).
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    inForceFrom: timestamp('in_force_from', { withTimezone: true }).notNull(),
    priceOre: integer('price_ore').notNull(),
  },
  (t) => [primaryKey({ name: 'product_price_history_pkey', columns: [t.productId, t.inForceFrom] })],
);
