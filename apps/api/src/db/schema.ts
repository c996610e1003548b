/**
 * The database schema (spec section 3). Money columns are integer öre and end in `_ore`.
 * Every seller-owned row carries `seller_id`, so the data can later be distributed by seller.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-case; unique among accounts that are not deleted. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSeller: boolean('is_seller').notNull().default(false),
    wantsToBeSeller: boolean('wants_to_be_seller').notNull().default(false),
    /** Bumped by a password change or reset; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    shippingFullName: text('shipping_full_name'),
    shippingAddress: text('shipping_address'),
    shippingPostalCode: text('shipping_postal_code'),
    shippingCity: text('shipping_city'),
    shippingCountry: text('shipping_country'),
    /** Set when an account with order history is deleted: it is anonymised and can no longer sign in. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_is_seller_idx').on(t.isSeller)],
);

/** The seller object of a user (one row a user who has applied or sells). */
export const sellers = pgTable(
  'sellers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    hasLogo: boolean('has_logo').notNull().default(false),
    description: text('description').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** A custom domain, lower-case; unique when set. */
    domain: text('domain'),
    bannerBackgroundImage: text('banner_background_image').notNull().default(''),
    descriptionBackgroundColor: text('description_background_color').notNull().default(''),
    descriptionTextColor: text('description_text_color').notNull().default(''),
    productsBackgroundColor: text('products_background_color').notNull().default(''),
    nameTextColor: text('name_text_color').notNull().default(''),
    subtitleTextColor: text('subtitle_text_color').notNull().default(''),
    footerBackgroundColor: text('footer_background_color').notNull().default(''),
    footerTextColor: text('footer_text_color').notNull().default(''),
    address: text('address').notNull().default(''),
    postNumber: text('post_number').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    organisationNumber: text('organisation_number').notNull().default(''),
    plan: text('plan').notNull().default('1'),
    hasSwish: boolean('has_swish').notNull().default(false),
    swishNumber: text('swish_number').notNull().default(''),
    hasPaypal: boolean('has_paypal').notNull().default(false),
    /**
     * The shop's public e-mail (storefront footer), its own field: filled with the login e-mail
     * when the shop is made, changeable in the settings. Anyone but the seller and admins sees
     * this, never the login e-mail.
     */
    email: text('email').notNull().default(''),
    /** Average and count of the seller's verified-purchase reviews only (docs/decisions/023-reviews-and-verified-seller-rating.md). */
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sellers_domain_key').on(t.domain),
    index('sellers_rating_idx').on(t.rating.desc(), t.numReviews.desc()),
    check('sellers_plan_check', sql`${t.plan} in ('1', '2', '3')`),
  ],
);

/**
 * The predicate of the catalogue's partial indexes: a product is LISTED (shown to shoppers) while
 * its seller is active and it is not a draft (migration 0007).
 */
const listedOnly = sql`seller_active AND NOT is_draft`;

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
    /**
     * Whether the seller is an active seller (is_seller and not deleted), so the product is on
     * sale. A copy of the seller's status kept by database triggers (migration
     * 0002_product_seller_active; after an UPDATE since 0026): catalogue reads filter on it
     * without joining users, and the list indexes below cover only products on sale.
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
    /** Up to 8 image paths in the seller's order; the first is always `image`. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * The name's search text (lower case, no diacritics: torget_search_text, migration 0005),
     * stored by the database (migration 0007) so name search never computes it per row.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`torget_search_text(name)`),
    /**
     * The product as the API's JSON (modules/catalog/product-json.ts), around its seller: from the
     * opening brace to `"seller":{"_id":…,"name":`, and from `,"createdAt":` to the last value.
     * Written by the database with every write of the product (migrations 0025 and 0028), so a list reads
     * two texts a product instead of every column.
     */
    shownHead: text('shown_head')
      .notNull()
      .generatedAlwaysAs(
        sql`torget_product_json_head(id, name, price_ore, image, category, brand, count_in_stock, description, rating, num_reviews, verified_rating, num_verified_reviews, shipping_price_ore, shipping_info, seller_id)`,
      ),
    shownTail: text('shown_tail')
      .notNull()
      .generatedAlwaysAs(
        sql`torget_product_json_tail(created_at, updated_at, version, images, image, number, is_draft)`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceOre} >= 0`),
    check('products_stock_check', sql`${t.countInStock} >= 0`),
    check('products_shipping_price_check', sql`${t.shippingPriceOre} >= 0`),
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
  ],
);

/**
 * Exact counts of listed products, kept by triggers on products (migrations 0007 and 0022: per
 * statement for inserts and deletes, per changed row for updates): scope 'listed' (key ''),
 * 'category' (the category) and 'seller' (the seller's id). A count is the sum of its key's rows:
 * writers add a row of their change, never update one, and the rows are folded now and then.
 * Read through modules/catalog/catalogue-counts.ts.
 */
export const catalogueCounts = pgTable(
  'catalogue_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalogue_counts_scope_key_idx').on(t.scope, t.key)],
);

/**
 * The words of listed products' names (migration 0011), kept by triggers on products: every
 * distinct word seen (`searchWords`, with a trigram index, where a search word's stem finds the
 * words that contain it), and one row per listed product and word (`productWords`), holding the
 * columns the catalogue filters and sorts by under the products' own names (`id` is the
 * product's). A one-word name search reads its matches from there in index order
 * (modules/catalog/word-search.ts).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
]);

export const productWords = pgTable(
  'product_words',
  {
    id: uuid('id').notNull(),
    word: text('word').notNull(),
    category: text('category').notNull(),
    priceOre: integer('price_ore').notNull(),
    rating: real('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_words_pkey', columns: [t.id, t.word] }),
    // Each index also INCLUDEs the other filter and sort columns (migration 0011), so a search
    // reads these rows alone; Drizzle's index builder has no INCLUDE.
    index('product_words_word_idx').on(t.word, t.category, t.priceOre),
    index('product_words_word_created_idx').on(t.word, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('product_words_word_price_idx').on(t.word, t.priceOre, t.id),
    index('product_words_word_rating_idx').on(t.word, t.rating.desc().nullsFirst(), t.id),
    // The rated products' words alone, for searches with a rating bound (migration 0018); the
    // rating a key, so the bound is checked on the index entries (migration 0023).
    index('product_words_rated_idx').on(t.word, t.category, t.priceOre, t.rating).where(sql`${t.rating} > 0`),
  ],
);

/**
 * How many listed products have each dictionary word (migration 0013): its row here plus its
 * rows of changes, which every write adds and one writer now and then folds in (as
 * `catalogueCounts`). Read through the database's `search_word_count(word)`.
 */
export const searchWordCounts = pgTable('search_word_counts', {
  word: text('word').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * How many listed products were created on each day (UTC), every listed product (`listed`, key
 * '') and per category (migration 0014): its row here plus its rows of changes, as
 * `searchWordCounts`. A deep page of the newest products starts from its day, walking the days
 * from the newest (migration 0016: every day with changes has a row here, 0 until a fold).
 */
export const catalogueDayCounts = pgTable(
  'catalogue_day_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalogue_day_counts_pkey', columns: [t.scope, t.key, t.day] }),
    // INCLUDE (n) in migration 0016: Drizzle's index builder has no INCLUDE.
    index('catalogue_day_counts_running_idx').on(t.scope, t.key, t.day.desc()),
  ],
);

export const catalogueDayCountChanges = pgTable(
  'catalogue_day_count_changes',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalogue_day_count_changes_scope_key_idx').on(t.scope, t.key)],
);

export const searchWordCountChanges = pgTable(
  'search_word_count_changes',
  { word: text('word').notNull(), n: bigint('n', { mode: 'number' }).notNull() },
  (t) => [index('search_word_count_changes_word_idx').on(t.word)],
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

export const PAYMENT_METHODS = ['PayPal', 'Swish'] as const;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // Snapshots: deleting or renaming a user never changes what an order says.
    buyerName: text('buyer_name').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerSwishNumber: text('seller_swish_number').notNull().default(''),
    shippingFullName: text('shipping_full_name').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    shippingCity: text('shipping_city').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPriceOre: integer('items_price_ore').notNull(),
    shippingPriceOre: integer('shipping_price_ore').notNull(),
    taxPriceOre: integer('tax_price_ore').notNull().default(0),
    totalPriceOre: integer('total_price_ore').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** What the payment provider reported, as verified by the server. */
    paymentResult: jsonb('payment_result'),
    /** A PayPal capture pays one order once. */
    paypalCaptureId: text('paypal_capture_id'),
    /**
     * Set when an unpaid PayPal order is cancelled, by its seller or an admin ('cancelled') or
     * because nobody paid it in time ('expired'); its stock was given back then. Kept on record.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    /**
     * When our server last created a PayPal order for this unpaid order: the order then holds its
     * stock a while longer for the capture's answer (migration 0027, docs/security.md: the
     * capture rule).
     */
    paypalStartedAt: timestamp('paypal_started_at', { withTimezone: true, mode: 'date' }),
    /** The human order number (shown as T-100001), sequential from 100001 (migration 0006). */
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('orders_number_seq')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('PayPal', 'Swish')`),
    check(
      'orders_cancel_check',
      sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null) and (${t.cancelReason} is null or ${t.cancelReason} in ('expired', 'cancelled'))`,
    ),
    check(
      'orders_total_check',
      sql`${t.totalPriceOre} = ${t.itemsPriceOre} + ${t.shippingPriceOre} + ${t.taxPriceOre}`,
    ),
    uniqueIndex('orders_paypal_capture_key').on(t.paypalCaptureId),
    // The lists sort `created_at DESC, id DESC` (NULLS FIRST, PostgreSQL's default for DESC):
    // the index keys say the same, so the index gives the order and no sort is needed.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The expiry sweep's candidates: unpaid PayPal orders still holding stock, oldest first.
    index('orders_paypal_holding_idx')
      .on(t.createdAt)
      .where(sql`payment_method = 'PayPal' and not is_paid and cancelled_at is null`),
  ],
);

/** What a verified PayPal capture did: paid its order, or nothing (and is refunded). */
export const CAPTURE_OUTCOMES = ['paid', 'duplicate', 'cancelled', 'expired', 'wrong_amount'] as const;
/** 'none': kept (it paid its order); 'due': to refund; 'sent': PayPal accepted the refund. */
export const REFUND_STATES = ['none', 'due', 'sent'] as const;

/**
 * Every PayPal capture the server was shown and verified with PayPal, whatever it did: the one
 * record of money PayPal took for an order (migration 0027, docs/security.md: the capture rule).
 * A capture that paid nothing is refunded through PayPal; `refund_state` follows the refund.
 */
export const paypalCaptures = pgTable(
  'paypal_captures',
  {
    captureId: text('capture_id').primaryKey(),
    paypalOrderId: text('paypal_order_id').notNull(),
    /** A PayPal order is never deleted, so the capture always names its order. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** What PayPal captured, which may differ from the order's total ('wrong_amount'). */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: CAPTURE_OUTCOMES }).notNull(),
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull(),
    /** PayPal's refund id and status (COMPLETED or PENDING) once it accepted the refund. */
    paypalRefundId: text('paypal_refund_id'),
    paypalRefundStatus: text('paypal_refund_status'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** Refund calls made, and the last one's failure while the refund is still due. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the refund may next be tried; a caller claims it by moving it forward. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'paypal_captures_outcome_check',
      sql`${t.outcome} in ('paid', 'duplicate', 'cancelled', 'expired', 'wrong_amount')`,
    ),
    check(
      'paypal_captures_refund_check',
      sql`${t.refundState} in ('none', 'due', 'sent') and (${t.outcome} = 'paid') = (${t.refundState} = 'none')`,
    ),
    check('paypal_captures_amount_check', sql`${t.amountOre} >= 0`),
    index('paypal_captures_order_idx').on(t.orderId),
    // The refund sweep's candidates: refunds still due, by when they may next be tried.
    index('paypal_captures_due_idx').on(t.nextAttemptAt).where(sql`refund_state = 'due'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null once the product is deleted; the snapshot below still tells what was bought. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    qty: integer('qty').notNull(),
    priceOre: integer('price_ore').notNull(),
    shippingPriceOre: integer('shipping_price_ore').notNull(),
  },
  (t) => [
    check('order_items_qty_check', sql`${t.qty} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** The site-wide texts the admin edits; a single row with id 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    aboutText: text('about_text').notNull().default(''),
    privacyText: text('privacy_text').notNull().default(''),
    becomeSellerText1: text('become_seller_text_1').notNull().default(''),
    becomeSellerText2: text('become_seller_text_2').notNull().default(''),
    privacyPolicyText: text('privacy_policy_text').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_singleton', sql`${t.id} = 1`)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
