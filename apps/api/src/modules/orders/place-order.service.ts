/**
 * Placing an order (POST /api/orders). The payload gives only product ids and quantities;
 * names, images and prices come from the database. Two buyers never get the last item: the stock
 * is checked and taken in the statement that writes the order, under row locks.
 *
 * The fast path: the products are read without a lock, with the buyer's account in the
 * same statement (the auth guard leaves that read to this one: `readsSessionUser`), every check
 * runs on what was read, and ONE autocommit statement takes the stock and writes the order, its
 * stock UPDATE guarded by the rows as read. A product's row is then locked only while PostgreSQL
 * runs that statement, not across three round trips through Node, so buyers of one popular
 * product queue for far less time. When the guard finds a line changed (a concurrent order took
 * the stock, the product changed since it was read), the statement fails as a whole and the
 * locked transaction places the order as before: it gives the exact refusal, or the order with
 * the new data. Any refusal throws before anything is written.
 */
import { randomUUID } from 'node:crypto';
import type { Order } from '@torget/shared/api-types';
import {
  type CartTotals,
  cartTotals,
  MAX_ORDER_LINES,
  type PaymentMethod,
  paymentMethodsFor,
} from '@torget/shared/rules/orders';
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Prepared, preparedOnce, transaction } from '#api/db/client.ts';
import { orderItems, orders, products, sellers, users } from '#api/db/schema.ts';
import {
  type AuthUser,
  sessionUserColumns,
  sessionUserCondition,
  sessionUserOf,
  type TokenClaims,
} from '#api/lib/auth.ts';
import { badRequest, conflict } from '#api/lib/http-errors.ts';
import { stockAndVersionSet } from '#api/modules/catalog/product-version.ts';
import { type OrderItemRow, type OrderRow, toOrderJson } from './order-json';

/** The largest amount an integer öre column holds. */
const MAX_ORE = 2_147_483_647;

/**
 * SQLSTATE of order_stock_taken (migration 0009): the guarded statement found a line whose stock
 * was taken or whose product changed since it was read, and wrote nothing.
 */
const STOCK_GUARD_FAILED = 'TS001';

interface Line {
  product: string;
  qty: number;
}

/** A product as stored, with its seller, as an order reads it. */
interface StoredProduct {
  id: string;
  sellerId: string;
  name: string;
  image: string;
  priceOre: number;
  shippingPriceOre: number;
  countInStock: number;
  isDraft: boolean;
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
  };
}

interface Shop {
  id: string;
  email: string;
  name: string;
  swishNumber: string;
  methods: PaymentMethod[];
}

export interface PlacedOrder {
  order: Order;
  buyer: { name: string; email: string };
  seller: { email: string };
}

export interface PlaceOrderHooks {
  /**
   * For tests: runs between the unlocked read and the statement, where a concurrent order or
   * edit would land, so the guard's failure and the fallback can be provoked deterministically.
   */
  afterRead?: () => Promise<void>;
}

/**
 * Lines of the same product are merged (quantities added): the cart never holds two, and a
 * merged line is what such a payload can only mean. Kept in first-seen order.
 */
export function mergeLines(lines: readonly Line[]): Line[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.product, (merged.get(line.product) ?? 0) + line.qty);
  return [...merged].map(([product, qty]) => ({ product, qty }));
}

/** What an order reads of a product: a StoredProduct's own fields. */
const productColumns = {
  id: products.id,
  sellerId: products.sellerId,
  name: products.name,
  image: products.image,
  priceOre: products.priceOre,
  shippingPriceOre: products.shippingPriceOre,
  countInStock: products.countInStock,
  isDraft: products.isDraft,
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
async function readBuyerAndProducts(
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
async function lockProducts(tx: Db, ids: string[]): Promise<Map<string, StoredProduct>> {
  return byId(await productsWithSellers(tx, ids).for('update', { of: products }));
}

interface PricedLine {
  qty: number;
  product: StoredProduct;
}

/**
 * Each line with its product as stored; an unknown (or deleted) product is refused by id, and so
 * is a draft: nobody but its seller sees it, so nobody buys it.
 */
function pricedLines(lines: readonly Line[], found: Map<string, StoredProduct>): PricedLine[] {
  return lines.map((line) => {
    const product = found.get(line.product);
    if (!product || product.isDraft)
      throw badRequest(`Product not found: ${line.product}. Please remove it from your cart.`);
    return { qty: line.qty, product };
  });
}

/** The one seller of all lines; an order is between one buyer and one seller. */
function singleSeller(priced: readonly PricedLine[]): string {
  const [sellerId, ...others] = new Set(priced.map((p) => p.product.sellerId));
  if (!sellerId || others.length > 0) throw badRequest('All items in an order must come from one seller.');
  return sellerId;
}

/** The seller's shop as the order needs it; refused when the seller no longer sells. */
function activeShop(priced: readonly PricedLine[], sellerId: string): Shop {
  const seller = priced.find((p) => p.product.sellerId === sellerId)?.product.seller;
  if (!seller || seller.shopName === null || !seller.isSeller || seller.deletedAt) {
    throw badRequest('This seller is not selling at the moment. Please remove their items from your cart.');
  }
  const methods = paymentMethodsFor({
    has_paypal: seller.hasPaypal ?? false,
    has_swish: seller.hasSwish ?? false,
    swish_number: seller.swishNumber ?? '',
  });
  return {
    id: sellerId,
    email: seller.email,
    // A seller without a shop name yet is shown by their own name, as in the catalogue.
    name: seller.shopName || seller.name,
    swishNumber: methods.includes('Swish') ? (seller.swishNumber ?? '') : '',
    methods,
  };
}

/** Refuses the first line (in product id order) that asks for more than is left. */
function checkStock(priced: readonly PricedLine[]): void {
  for (const { qty, product } of [...priced].sort((a, b) => (a.product.id < b.product.id ? -1 : 1))) {
    if (product.countInStock >= qty) continue;
    throw conflict(
      product.countInStock === 0
        ? `${product.name} is sold out (0 left).`
        : `Only ${product.countInStock} left of ${product.name}.`,
    );
  }
}

/** An order that passed every check: its lines with their products as read, the shop, the totals. */
interface CheckedOrder {
  priced: PricedLine[];
  shop: Shop;
  totals: CartTotals;
}

/**
 * Every check of an order on its products as read, in the order the refusals are given: unknown
 * or draft product, one seller, the seller still selling, not one's own product, the payment
 * method, the stock, the total's size.
 */
function checkOrder(
  buyer: AuthUser,
  input: CreateOrderInput,
  lines: readonly Line[],
  found: Map<string, StoredProduct>,
): CheckedOrder {
  const priced = pricedLines(lines, found);
  const shop = activeShop(priced, singleSeller(priced));
  if (shop.id === buyer.id) throw badRequest('You cannot buy your own products.');
  if (!shop.methods.includes(input.paymentMethod)) {
    throw badRequest(`${shop.name} does not accept ${input.paymentMethod}. Please choose another payment method.`);
  }
  checkStock(priced);
  const totals = cartTotals(priced.map(({ qty, product }) => ({ qty, ...product })));
  if (totals.totalOre > MAX_ORE) throw badRequest('The order total is too large. Please split the order.');
  return { priced, shop, totals };
}

/**
 * The rows an order writes, with ids made here (so the lines need not wait for the order's).
 * Each line keeps its product as read: name, image, prices and seller are the snapshot the order
 * shows, and what the fast path's guard compares the stored row with.
 */
interface OrderRecord {
  order: typeof orders.$inferInsert & { id: string };
  items: OrderItemRow[];
}

function orderRecord(buyer: AuthUser, input: CreateOrderInput, { priced, shop, totals }: CheckedOrder): OrderRecord {
  const orderId = randomUUID();
  const items: OrderItemRow[] = priced.map(({ qty, product }) => ({
    id: randomUUID(),
    orderId,
    sellerId: shop.id,
    productId: product.id,
    name: product.name,
    image: product.image,
    qty,
    priceOre: product.priceOre,
    shippingPriceOre: product.shippingPriceOre,
  }));
  const order = {
    id: orderId,
    userId: buyer.id,
    sellerId: shop.id,
    buyerName: buyer.name,
    sellerName: shop.name,
    sellerSwishNumber: shop.swishNumber,
    shippingFullName: input.shippingAddress.fullName,
    shippingAddress: input.shippingAddress.address,
    shippingCity: input.shippingAddress.city,
    shippingPostalCode: input.shippingAddress.postalCode,
    shippingCountry: input.shippingAddress.country,
    paymentMethod: input.paymentMethod,
    itemsPriceOre: totals.itemsOre,
    shippingPriceOre: totals.shippingOre,
    taxPriceOre: totals.taxOre,
    totalPriceOre: totals.totalOre,
  };
  return { order, items };
}

function placedOrder(row: OrderRow | undefined, record: OrderRecord, buyer: AuthUser, shop: Shop): PlacedOrder {
  if (!row) throw new Error('insert returned nothing');
  return {
    order: toOrderJson(row, record.items),
    buyer: { name: buyer.name, email: buyer.email },
    seller: { email: shop.email },
  };
}

/**
 * Inside the locked transaction: one statement takes the stock and writes the order with its
 * lines: fewer round trips while the product rows are locked.
 */
async function takeStockAndWrite(tx: Db, { order, items }: OrderRecord): Promise<OrderRow | undefined> {
  const stockTaken = tx.$with('stock_taken', {}).as(
    sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - lines.qty`)}
        from (values ${sql.join(
          items.map((item) => sql`(${item.productId}::uuid, ${item.qty}::integer)`),
          sql`, `,
        )}) as lines (id, qty)
        where ${products.id} = lines.id`,
  );
  const linesWritten = tx.$with('lines_written', {}).as(tx.insert(orderItems).values(items).getSQL());
  const [row] = await tx.with(stockTaken, linesWritten).insert(orders).values(order).returning();
  return row;
}

/** Column names as a column list or SET target wants them: unqualified. */
const columns = (...list: { name: string }[]) =>
  sql.join(
    list.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/** The order's columns the guarded statement writes, each a placeholder of its prepared form. */
const ORDER_VALUES = [
  'userId',
  'sellerId',
  'buyerName',
  'sellerName',
  'sellerSwishNumber',
  'shippingFullName',
  'shippingAddress',
  'shippingCity',
  'shippingPostalCode',
  'shippingCountry',
  'paymentMethod',
  'itemsPriceOre',
  'shippingPriceOre',
  'taxPriceOre',
  'totalPriceOre',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

/**
 * The fast path's one autocommit statement: takes the stock of every line and writes the order
 * and its lines, or fails as a whole with STOCK_GUARD_FAILED and writes nothing. Prepared once
 * per database: its SQL is the same for every order (the lines come as one JSON
 * parameter), so neither Drizzle builds it nor PostgreSQL plans it per order (planning was a
 * third of its time at a million products).
 *
 * `lines` holds each line as read. The stock UPDATE touches a product only while it still is
 * what the order was computed from: enough stock, the same price, shipping price, name, image
 * and seller, not a draft. A row another transaction changed while this statement waited for its
 * lock is checked again in its new version (PostgreSQL re-evaluates an UPDATE's WHERE on the
 * newest row, READ COMMITTED), so the guard cannot be passed on stale data. order_stock_taken
 * (migration 0009) then counts the UPDATE's output, read in full, against the number of lines and
 * raises when any line was not taken; the INSERTs of the lines and the order read its answer
 * (their WHERE, and the order's id), so neither is written without the check having passed.
 */
function guardedOrderStatement(db: Db, lineCount: 'one line' | 'several lines') {
  const lines = db.$with('lines', {}).as(
    sql`select * from json_to_recordset(${sql.placeholder('lines')}::json)
        as lines (item_id uuid, product_id uuid, qty integer, name text, image text,
                  price_ore integer, shipping_price_ore integer, seller_id uuid)`,
  );
  // The row locks, taken here in id order before the UPDATE touches a row, as lockProducts and
  // the order cancellation take them: two orders, or an order and a cancellation, never wait for
  // each other in a cycle. The UPDATE's own locks follow its plan, which the planner picks by
  // table size and line count: a nested loop over the lines takes them in list order, a hash
  // join over a scan of products in the table's physical order. Here the lock node runs above
  // the sort (PostgreSQL applies ORDER BY before FOR UPDATE), so the rows are locked one at a
  // time in id order whatever the plan below; the UPDATE joins `locked`, so it only reaches rows
  // this statement already holds. NO KEY UPDATE is the lock the UPDATE takes anyway (no key
  // changes), so it holds up nobody the UPDATE would not.
  // An order of one line waits for one row and holds no other while it waits: it can be in no
  // cycle, so its UPDATE takes its lock itself. Under fifty buyers of one product the separate
  // lock made each order follow the row's newest version twice, once to lock it and once to
  // update it (PostgreSQL re-checks a row another transaction changed: EvalPlanQual).
  const locked = db.$with('locked', {}).as(
    sql`select ${products.id} from ${products}
        where ${products.id} in (select product_id from lines)
        order by ${products.id} for no key update`,
  );
  const oneLine = lineCount === 'one line';
  const stockTaken = db.$with('stock_taken', {}).as(
    sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - lines.qty`)}
        from lines ${oneLine ? sql`` : sql`join locked on locked.id = lines.product_id`}
        where ${products.id} = lines.product_id
          and ${products.countInStock} >= lines.qty
          and ${products.priceOre} = lines.price_ore
          and ${products.shippingPriceOre} = lines.shipping_price_ore
          and ${products.name} = lines.name
          and ${products.image} = lines.image
          and ${products.sellerId} = lines.seller_id
          and not ${products.isDraft}
        returning ${products.id}`,
  );
  const stockChecked = db
    .$with('stock_checked', {})
    .as(
      sql`select order_stock_taken((select count(*) from stock_taken), ${sql.placeholder('lineCount')}::integer) as ok`,
    );
  const orderId = sql`${sql.placeholder('orderId')}::uuid`;
  const linesWritten = db.$with('lines_written', {}).as(
    sql`insert into ${orderItems} (${columns(
      orderItems.id,
      orderItems.orderId,
      orderItems.sellerId,
      orderItems.productId,
      orderItems.name,
      orderItems.image,
      orderItems.qty,
      orderItems.priceOre,
      orderItems.shippingPriceOre,
    )})
        select item_id, ${orderId}, seller_id, product_id, name, image, qty, price_ore, shipping_price_ore
        from lines where (select ok from stock_checked)`,
  );
  const values = Object.fromEntries(ORDER_VALUES.map((column) => [column, sql.placeholder(column)]));
  return db
    .with(...(oneLine ? [lines] : [lines, locked]), stockTaken, stockChecked, linesWritten)
    .insert(orders)
    .values({
      ...(values as Record<(typeof ORDER_VALUES)[number], ReturnType<typeof sql.placeholder>>),
      id: sql`(select ${orderId} from stock_checked where ok)`,
    })
    .returning()
    .prepare(oneLine ? 'place_order_guarded_one' : 'place_order_guarded');
}

const oneLineStatementOf = preparedOnce((db) => guardedOrderStatement(db, 'one line'));
const severalLinesStatementOf = preparedOnce((db) => guardedOrderStatement(db, 'several lines'));

async function takeStockIfUnchangedAndWrite(db: Db, record: OrderRecord): Promise<OrderRow | undefined> {
  // Product id order, the order every writer of stock locks in (see `locked`).
  const byProduct = [...record.items].sort((a, b) => ((a.productId ?? '') < (b.productId ?? '') ? -1 : 1));
  const statement = byProduct.length === 1 ? oneLineStatementOf(db) : severalLinesStatementOf(db);
  const lines = byProduct.map((item) => ({
    item_id: item.id,
    product_id: item.productId,
    qty: item.qty,
    name: item.name,
    image: item.image,
    price_ore: item.priceOre,
    shipping_price_ore: item.shippingPriceOre,
    seller_id: item.sellerId,
  }));
  const { order } = record;
  const [row] = await statement.execute({
    ...Object.fromEntries(ORDER_VALUES.map((column) => [column, order[column]])),
    lines: JSON.stringify(lines),
    lineCount: byProduct.length,
    orderId: order.id,
  });
  return row;
}

/** Whether `error` is order_stock_taken's refusal. Drizzle may wrap the driver's error as its cause. */
function isStockGuardFailure(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === STOCK_GUARD_FAILED;
}

/** The locked transaction: lock the products, check, take the stock and write. */
function placeOrderLocked(
  db: Db,
  buyer: AuthUser,
  input: CreateOrderInput,
  lines: readonly Line[],
): Promise<PlacedOrder> {
  return transaction(db, async (tx) => {
    const found = await lockProducts(
      tx,
      lines.map((l) => l.product),
    );
    const checked = checkOrder(buyer, input, lines, found);
    const record = orderRecord(buyer, input, checked);
    return placedOrder(await takeStockAndWrite(tx, record), record, buyer, checked.shop);
  });
}

/**
 * Places the order of the session `claims` names (its token checked, its account not yet read:
 * the first statement reads it, and refuses an ended session with the auth guard's 401).
 */
export async function placeOrder(
  db: Db,
  claims: TokenClaims,
  input: CreateOrderInput,
  hooks: PlaceOrderHooks = {},
): Promise<PlacedOrder> {
  const lines = mergeLines(input.orderItems);
  const { buyer, found } = await readBuyerAndProducts(
    db,
    claims,
    lines.map((l) => l.product),
  );
  // A refusal here stands: the same checks give the same answer on the rows as committed when
  // read as the locked transaction gives on the rows it locks.
  const checked = checkOrder(buyer, input, lines, found);
  await hooks.afterRead?.();
  const record = orderRecord(buyer, input, checked);
  try {
    return placedOrder(await takeStockIfUnchangedAndWrite(db, record), record, buyer, checked.shop);
  } catch (error) {
    if (!isStockGuardFailure(error)) throw error;
    return placeOrderLocked(db, buyer, input, lines);
  }
}
