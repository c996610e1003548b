/**
 * The statements that take an order's stock and write it with its lines: the fast path's one
 * autocommit statement, guarded by the rows as read, and the locked transaction's write.
 */
import { sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { orderItems, orders, products, productVariants } from '#api/db/schema.ts';
import { stockAndVersionSet } from '#api/modules/catalog/product-version.ts';
import type { OrderRow } from './order-json';
import { priceInForceNow } from './order-products-read';
import type { OrderRecord } from './order-record';

/**
 * SQLSTATE of order_stock_taken (migration 0009): the guarded statement found a line whose stock
 * was taken or whose product changed since it was read, and wrote nothing.
 */
const STOCK_GUARD_FAILED = 'TS001';

/**
 * Inside the locked transaction: one statement takes the stock and writes the order with its
 * lines: fewer round trips while the product rows are locked.
 */
export async function takeStockAndWrite(tx: Db, { order, items }: OrderRecord): Promise<OrderRow | undefined> {
  // One row per product: two variants of one product are two lines, and UPDATE … FROM applies
  // one joined row per target row. A product with variants keeps its stock as their sum.
  const perProduct = new Map<string, number>();
  for (const item of items) {
    if (item.productId) perProduct.set(item.productId, (perProduct.get(item.productId) ?? 0) + item.qty);
  }
  const stockTaken = tx.$with('stock_taken', {}).as(
    sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - lines.qty`)}
        from (values ${sql.join(
          [...perProduct].map(([id, qty]) => sql`(${id}::uuid, ${qty}::integer)`),
          sql`, `,
        )}) as lines (id, qty)
        where ${products.id} = lines.id`,
  );
  const variantLines = items.flatMap((item) =>
    item.variantId ? [sql`(${item.variantId}::uuid, ${item.qty}::integer)`] : [],
  );
  const variantStockTaken = tx.$with('variant_stock_taken', {}).as(
    variantLines.length > 0
      ? sql`update ${productVariants} set ${sql.identifier(productVariants.countInStock.name)} = ${productVariants.countInStock} - lines.qty
            from (values ${sql.join(variantLines, sql`, `)}) as lines (id, qty)
            where ${productVariants.id} = lines.id`
      : sql`select 1`,
  );
  const linesWritten = tx.$with('lines_written', {}).as(tx.insert(orderItems).values(items).getSQL());
  const [row] = await tx.with(stockTaken, variantStockTaken, linesWritten).insert(orders).values(order).returning();
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
  'buyerLanguage',
  'placedOnShopDomain',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

/**
 * The fast path's one autocommit statement: takes the stock of every line and writes the order
 * and its lines, or fails as a whole with STOCK_GUARD_FAILED and writes nothing. Prepared once
 * per database: its SQL is the same for every order (the lines come as one JSON
 * parameter), so neither Drizzle builds it nor PostgreSQL plans it per order (planning was a
 * third of its time at a million products).
 *
 * `lines` holds each line as read. The stock UPDATE touches a product only while it still is
 * what the order was computed from: enough stock, the same price, shipping price, moms rate, name,
 * image and seller, not a draft, without variants (their orders take the locked path). A row another transaction changed while this statement waited for its
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
                  price_ore integer, shipping_price_ore integer, vat_rate integer, seller_id uuid)`,
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
          and ${priceInForceNow} = lines.price_ore
          and ${products.shippingPriceOre} = lines.shipping_price_ore
          and ${products.vatRate} = lines.vat_rate
          and ${products.name} = lines.name
          and ${products.image} = lines.image
          and ${products.sellerId} = lines.seller_id
          and not ${products.isDraft}
          and not ${products.hidden}
          and not ${products.removed}
          and jsonb_array_length(${products.options}) = 0
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
      orderItems.vatRate,
    )})
        select item_id, ${orderId}, seller_id, product_id, name, image, qty, price_ore, shipping_price_ore, vat_rate
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

// Declared as writes: whichever handle runs them tells it (db/prepared-once.ts).
const oneLineStatementOf = preparedOnce((db) => guardedOrderStatement(db, 'one line'), { writes: true });
const severalLinesStatementOf = preparedOnce((db) => guardedOrderStatement(db, 'several lines'), { writes: true });

export async function takeStockIfUnchangedAndWrite(db: Db, record: OrderRecord): Promise<OrderRow | undefined> {
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
    vat_rate: item.vatRate,
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
export function isStockGuardFailure(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === STOCK_GUARD_FAILED;
}
