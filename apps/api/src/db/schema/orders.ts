/** Orders and their lines, each line a snapshot of its product when ordered. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt, updatedAt } from './columns';
import { users } from './users';
import { productVariants } from './variants';

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
    /**
     * The UI language the buyer placed the order in ('sv' or 'en'): the buyer's mails about the
     * order are written in it (mails/order-status-mails.ts).
     */
    buyerLanguage: text('buyer_language').notNull().default('en'),
    /** The seller's UI language when they last acted on the order; null until then (mails in both). */
    sellerLanguage: text('seller_language'),
    /**
     * Placed on the seller's own domain: the order's mail links lead there while the shop still
     * has that domain (site/mail-link-origin.ts), else to the marketplace.
     */
    placedOnShopDomain: boolean('placed_on_shop_domain').notNull().default(false),
    /** Shipped: one of CARRIERS (@torget/shared/rules/shipping), the tracking number and when. */
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    /** The buyer's and the shop's names as the admin's search reads them (migration 0039). */
    searchText: text('search_text').generatedAlwaysAs(sql`torget_search_text(buyer_name || ' ' || seller_name)`),
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
    check('orders_languages_check', sql`${t.buyerLanguage} in ('sv', 'en') and ${t.sellerLanguage} in ('sv', 'en')`),
    check(
      'orders_shipment_check',
      sql`(${t.shippingCarrier} is null) = (${t.shippedAt} is null) and (${t.trackingNumber} is null or ${t.shippingCarrier} is not null)`,
    ),
    uniqueIndex('orders_paypal_capture_key').on(t.paypalCaptureId),
    // The lists sort `created_at DESC, id DESC` (NULLS FIRST, PostgreSQL's default for DESC):
    // the index keys say the same, so the index gives the order and no sort is needed.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's order list: the state filter (rules/admin-lists.ts) newest first, and the
    // search by the buyer's and the shop's names as the order keeps them (migration 0039).
    index('orders_state_created_idx').on(
      sql`(CASE WHEN cancelled_at IS NOT NULL THEN 'cancelled' WHEN is_delivered THEN 'delivered' WHEN shipped_at IS NOT NULL THEN 'shipped' WHEN is_paid THEN 'paid' ELSE 'unpaid' END)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
    // The expiry sweep's candidates: unpaid PayPal orders still holding stock, oldest first.
    index('orders_paypal_holding_idx')
      .on(t.createdAt)
      .where(sql`payment_method = 'PayPal' and not is_paid and cancelled_at is null`),
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
    /** The moms rate the line was bought at (its product's then): the receipt's moms per rate. */
    vatRate: integer('vat_rate').notNull().default(25),
    /**
     * The variant bought, for a product with variants (null once the variant is deleted), and its
     * name ("M, Blå"); `name` is then the line's whole name (migration 0043).
     */
    variantId: uuid('variant_id').references((): AnyPgColumn => productVariants.id, { onDelete: 'set null' }),
    variantName: text('variant_name'),
  },
  (t) => [
    check('order_items_qty_check', sql`${t.qty} > 0`),
    check('order_items_vat_rate_check', sql`${t.vatRate} IN (25, 12, 6)`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId).where(sql`${t.variantId} IS NOT NULL`),
  ],
);

/**
 * The thread between an order's buyer and its seller (admins read and write too), oldest first.
 * The author's name and role are kept as written, as an order keeps its names.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorName: text('author_name').notNull(),
    authorRole: text('author_role').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_messages_role_check', sql`${t.authorRole} in ('buyer', 'seller', 'admin')`),
    check('order_messages_text_check', sql`char_length(${t.text}) between 1 and 2000`),
    index('order_messages_order_created_idx').on(t.orderId, t.createdAt, t.id),
  ],
);

/** How far each reader has read an order's thread: the unread counts are the messages after it. */
export const orderMessageReads = pgTable(
  'order_message_reads',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);
