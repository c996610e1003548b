/**
 * What placing an order reads: the buyer of the session and the products with their sellers,
 * without a lock (the fast path, prepared once per database for a few sizes of order), or
 * locked in id order (the locked transaction).
 */
import { MAX_ORDER_LINES } from '@torget/shared/rules/orders';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Prepared, preparedOnce } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import {
  type AuthUser,
  sessionUserColumns,
  sessionUserCondition,
  sessionUserOf,
  type TokenClaims,
} from '#api/lib/auth.ts';

/** A product as stored, with its seller, as an order reads it. */
export interface StoredProduct {
  id: string;
  /** The short number the order's answer and mails name the line by (`#1001`). */
  number: number;
  sellerId: string;
  name: string;
  image: string;
  /** The price in force when read (priceInForceNow): the sale price while a sale runs. */
  priceOre: number;
  shippingPriceOre: number;
  /** The moms rate the price includes; the order line keeps it. */
  vatRate: number;
  countInStock: number;
  isDraft: boolean;
  /** Hidden by its seller or removed by moderation: off sale, as a draft is. */
  hidden: boolean;
  removed: boolean;
  /** Whether the product has variants: a line then names one (modules/catalog/variants.service.ts). */
  hasVariants: boolean;
  /** The seller as the order needs them; the shop fields are null when there is no shop row. */
  seller: {
    email: string;
    name: string;
    isSeller: boolean;
    deletedAt: Date | null;
    shopName: string | null;
    hasPaypal: boolean | null;
    hasSwish: boolean | null;
    swishNumber: string | null;
    /** Business, private person, or '' before the seller said (rules/seller-identity.ts). */
    sellerType: string | null;
  };
}

/**
 * The price an order charges: the one in force now (the sale price while a sale runs), by the
 * database's rule (torget_price_in_force, db/sql/45-price-history.sql); never the client's.
 */
export const priceInForceNow = sql<number>`torget_price_in_force(${products.priceOre}, ${products.salePriceOre}, ${products.saleStartsAt}, ${products.saleEndsAt}, now())`;

/** What an order reads of a product: a StoredProduct's own fields. */
const productColumns = {
  id: products.id,
  number: products.number,
  sellerId: products.sellerId,
  name: products.name,
  image: products.image,
  priceOre: priceInForceNow,
  shippingPriceOre: products.shippingPriceOre,
  vatRate: products.vatRate,
  countInStock: products.countInStock,
  isDraft: products.isDraft,
  hidden: products.hidden,
  removed: products.removed,
  hasVariants: sql<boolean>`jsonb_array_length(${products.options}) > 0`,
};

/** What an order reads of a product's seller (`users`, their account, and `sellers`, their shop). */
const sellerColumns = {
  email: users.email,
  name: users.name,
  isSeller: users.isSeller,
  deletedAt: users.deletedAt,
  shopName: sellers.name,
  hasPaypal: sellers.hasPaypal,
  hasSwish: sellers.hasSwish,
  swishNumber: sellers.swishNumber,
  sellerType: sellers.sellerType,
};

const storedProductColumns = { ...productColumns, seller: sellerColumns };

/** The products of `ids` in id order, each with its seller's account and shop, in one statement. */
function productsWithSellers(db: Db, ids: string[]) {
  return db
    .select(storedProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
}

/** The buyer's account as the fast path's read names it (the products' sellers are `users`). */
const buyers = alias(users, 'buyer');

/**
 * The fast path's read: the session's user (the buyer) and the products `ids` picks, in id order,
 * each with its seller's account and shop. The buyer is the statement's first table, so a buyer
 * whose session has ended gives no row at all, and a buyer with none of the products one row with
 * no product (its columns null). Reading the buyer here spares the auth guard's own read, a round
 * trip of every order (`readsSessionUser`, routes/audiences.ts).
 */
function buyerWithProducts(db: Db, ids: SQL) {
  return db
    .select({ buyer: sessionUserColumns(buyers), product: productColumns, seller: sellerColumns })
    .from(buyers)
    .leftJoin(products, ids)
    .leftJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(sessionUserCondition(buyers, sql.placeholder('buyerId')))
    .orderBy(asc(products.id));
}

/**
 * A product of the fast path's read with its seller, whose account's columns the left join types
 * as nullable: every product has its seller's account (a foreign key), so a missing one is a bug.
 */
function storedProductOf(
  product: Omit<StoredProduct, 'seller'>,
  seller: { [K in keyof StoredProduct['seller']]: StoredProduct['seller'][K] | null } | null,
): StoredProduct {
  if (!seller || seller.email === null || seller.name === null || seller.isSeller === null) {
    throw new Error(`product ${product.id} was read without its seller's account`);
  }
  return { ...product, seller: { ...seller, email: seller.email, name: seller.name, isSeller: seller.isSeller } };
}

const byId = (rows: StoredProduct[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * How many ids each prepared form of the fast path's read takes. An order's ids are padded to
 * the smallest size that holds them, its last id repeated (the index scan drops repeated
 * values), so a few statements serve every order.
 *
 * Why fixed sizes: PostgreSQL plans a prepared statement anew for each execution
 * while that custom plan looks cheaper than its generic plan. With the ids as one array
 * parameter the generic plan assumes ten of them, so a one-line order's read was planned on
 * every call: 0.63 ms of planning for 0.07 ms of execution, a quarter of PostgreSQL's time per
 * order (pg_stat_statements; docs/decisions/045-hot-statements-prepared-with-one-plan.md). With one placeholder per id
 * both plans expect the same rows, and the generic plan is kept.
 */
export const READ_SIZES = [1, 5, 20, MAX_ORDER_LINES] as const;

/** The smallest of READ_SIZES that holds `count` ids. */
export function readSizeFor(count: number): number {
  const size = READ_SIZES.find((s) => s >= count);
  if (size === undefined) throw new Error(`an order of ${count} lines is over MAX_ORDER_LINES`);
  return size;
}

const idPlaceholder = (i: number) => `id${i}`;

/** The fast path's read for `size` ids, prepared once per database (one name per size). */
function unlockedReadStatement(db: Db, size: number) {
  const ids = Array.from({ length: size }, (_, i) => sql.placeholder(idPlaceholder(i)));
  return buyerWithProducts(db, inArray(products.id, ids)).prepare(`place_order_read_${size}`);
}

const unlockedReads = new Map<number, (db: Db) => Prepared<ReturnType<typeof unlockedReadStatement>>>(
  READ_SIZES.map((size) => [size, preparedOnce((db) => unlockedReadStatement(db, size))]),
);

/**
 * The buyer of the session `claims` names, and the products as committed now, locking nothing:
 * the fast path's read. A session that has ended is refused here (sessionUserOf), before any
 * product is looked at, as the auth guard would have refused it.
 */
export async function readBuyerAndProducts(
  db: Db,
  claims: TokenClaims,
  ids: string[],
): Promise<{ buyer: AuthUser; found: Map<string, StoredProduct> }> {
  const size = readSizeFor(ids.length);
  const statementOf = unlockedReads.get(size);
  if (!statementOf) throw new Error(`no read prepared for ${size} ids`);
  const values: Record<string, string> = { buyerId: claims.userId };
  for (let i = 0; i < size; i++) values[idPlaceholder(i)] = ids[Math.min(i, ids.length - 1)] as string;
  const rows = await statementOf(db).execute(values);
  const buyer = sessionUserOf(claims, rows[0]?.buyer);
  const found = new Map<string, StoredProduct>();
  for (const { product, seller } of rows) if (product) found.set(product.id, storedProductOf(product, seller));
  return { buyer, found };
}

/**
 * Locks the products in id order (every writer of stock takes them in this order), reading with
 * each its seller's account and shop in the same statement; only the products are locked.
 */
export async function lockProducts(tx: Db, ids: string[]): Promise<Map<string, StoredProduct>> {
  return byId(await productsWithSellers(tx, ids).for('update', { of: products }));
}
