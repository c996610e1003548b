/**
 * Unpaid PayPal orders hold their stock for a limited time. After that they expire; before
 * that their seller or an admin may cancel them. Either way the order stays on record, marked
 * cancelled with the time, and its stock comes back exactly once (docs/decisions/026-unpaid-paypal-orders-expire.md):
 *
 * - the orders are marked with one `UPDATE … WHERE cancelled_at IS NULL AND NOT is_paid`, whose
 *   candidates are locked (`FOR UPDATE SKIP LOCKED`), so of two sweeps (or a sweep and a cancel,
 *   or a cancel and a payment) only one can mark a given order, and only the orders it marked
 *   give stock back, in the same transaction;
 * - products are then locked in id order, as placing an order locks them, so they never deadlock.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { isSellerOf, managesAsSeller, SELLER_STATUS_REVOKED } from '@torget/shared/policies/orders';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { orderItems, orders, products } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { type BackgroundChanges, stockChangeTags } from '#api/lib/cache-changes.ts';
import { badRequest, conflict, forbidden } from '#api/lib/http-errors.ts';
import { type SweepLog, startPeriodicSweep } from '#api/lib/periodic-sweep.ts';
import { stockAndVersionSet } from '#api/modules/catalog/product-version.ts';
import { restockVariants } from '#api/modules/catalog/variants.service.ts';
import { paymentRefundJson, refundedCapturesOf } from '#api/modules/payments/paypal-captures.service.ts';
import type { OrderRow } from './order-json';
import { orderFacts, orderJson, visibleOrder, visibleOrderByIdOrNumber } from './orders.service';

export const DEFAULT_ORDER_HOLD_MINUTES = 30;
export type CancelReason = 'expired' | 'cancelled';

export const ORDER_EXPIRED =
  'This order expired: it was not paid in time, and its items were released. Please place a new order.';
export const ORDER_CANCELLED = 'This order was cancelled by the seller and can no longer be paid.';
export const ORDER_CANCEL_DONE = 'Order was cancelled.';

/** How many orders one sweep statement marks; a sweep repeats until none are left. */
const SWEEP_BATCH = 500;

/** An unpaid PayPal order still holding its stock. */
const holdingStock = and(eq(orders.paymentMethod, 'PayPal'), eq(orders.isPaid, false), isNull(orders.cancelledAt));

export function isHoldingStock(order: OrderRow): boolean {
  return order.paymentMethod === 'PayPal' && !order.isPaid && order.cancelledAt === null;
}

/**
 * How long an order keeps its stock after our server created a PayPal order for it, for the
 * buyer to approve and the capture's answer to arrive (docs/security.md: the capture rule). The
 * extension counts from that moment, or from the end of the hold if later PayPal orders were
 * made after it, so an order holds its stock at most hold + this long.
 */
export const PAYPAL_CAPTURE_WINDOW_MINUTES = 10;

/** When a holding order's time is up: its hold, extended while a PayPal order it started is answered. */
function holdEndsAt(order: OrderRow, holdMinutes: number): number {
  const holdEnd = order.createdAt.getTime() + holdMinutes * 60_000;
  if (!order.paypalStartedAt) return holdEnd;
  const started = Math.min(order.paypalStartedAt.getTime(), holdEnd);
  return Math.max(holdEnd, started + PAYPAL_CAPTURE_WINDOW_MINUTES * 60_000);
}

/** Whether a holding order's time is up at `now`. */
export function isOverdue(order: OrderRow, holdMinutes: number, now = new Date()): boolean {
  return isHoldingStock(order) && holdEndsAt(order, holdMinutes) <= now.getTime();
}

/** The same rule as holdEndsAt, in SQL: the holding orders whose time is up at `now`. */
function overdueAt(holdMinutes: number, now: Date): SQL {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000);
  const windowCutoff = new Date(now.getTime() - PAYPAL_CAPTURE_WINDOW_MINUTES * 60_000);
  const holdEnd = sql`${orders.createdAt} + make_interval(mins => ${holdMinutes})`;
  return and(
    lt(orders.createdAt, cutoff),
    or(isNull(orders.paypalStartedAt), lt(sql`least(${orders.paypalStartedAt}, ${holdEnd})`, windowCutoff)),
  ) as SQL;
}

/** The 409 message for paying a cancelled order, or null when it is not cancelled. */
export function cancelledMessage(order: OrderRow): string | null {
  if (order.cancelledAt === null) return null;
  return order.cancelReason === 'expired' ? ORDER_EXPIRED : ORDER_CANCELLED;
}

/** A uuid[] as one bound parameter, however many ids: never one parameter per row. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What a cancelling statement did: the orders it marked, and the products that got stock back. */
interface Released {
  orderIds: string[];
  productIds: string[];
}

/**
 * Marks the holding orders matching `where` (at most `limit`) cancelled for `reason` and gives
 * their stock back. Runs in the caller's transaction.
 */
async function cancelHolding(tx: Db, where: SQL, reason: CancelReason, limit: number): Promise<Released> {
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(holdingStock, where))
    .orderBy(orders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const marked = await tx
    .update(orders)
    .set({ cancelledAt: sql`now()`, cancelReason: reason, updatedAt: sql`now()` })
    // The condition again: a row that changed while we waited is re-checked, never marked twice.
    .where(and(inArray(orders.id, candidates), holdingStock))
    .returning({ id: orders.id });
  const ids = marked.map((row) => row.id);
  if (ids.length === 0) return { orderIds: ids, productIds: [] };
  const locked = await queryRows<{ id: string }>(
    tx,
    sql`select ${products.id} from ${products}
        where ${products.id} in (select ${orderItems.productId} from ${orderItems} where ${orderItems.orderId} = any(${uuidArray(ids)}))
        order by ${products.id} for update`,
  );
  await tx.execute(sql`
    update ${products} set ${stockAndVersionSet(sql`${products.countInStock} + back.qty`)}
    from (select ${orderItems.productId} as product_id, sum(${orderItems.qty})::integer as qty
          from ${orderItems}
          where ${orderItems.orderId} = any(${uuidArray(ids)}) and ${orderItems.productId} is not null
          group by ${orderItems.productId}) as back
    where ${products.id} = back.product_id`);
  // The variants of the lines get theirs back too (their products are locked above).
  const variantLines = await tx
    .select({ variantId: orderItems.variantId, qty: orderItems.qty })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, ids), sql`${orderItems.variantId} is not null`));
  await restockVariants(tx, variantLines);
  return { orderIds: ids, productIds: locked.map((row) => row.id) };
}

/**
 * Expires every unpaid PayPal order whose hold is up (older than `holdMinutes`, and past the
 * capture window of a PayPal order it started: holdEndsAt), in batches; answers how many this
 * call expired and the products that got their stock back. Safe to run from several instances at
 * once: each order is expired by one.
 */
async function expireOverdue(
  db: Db,
  holdMinutes: number,
  now = new Date(),
): Promise<{ expired: number; productIds: string[] }> {
  const overdue = overdueAt(holdMinutes, now);
  let expired = 0;
  const productIds = new Set<string>();
  for (;;) {
    const released = await transaction(db, (tx) => cancelHolding(tx, overdue, 'expired', SWEEP_BATCH));
    expired += released.orderIds.length;
    for (const id of released.productIds) productIds.add(id);
    if (released.orderIds.length < SWEEP_BATCH) return { expired, productIds: [...productIds] };
  }
}

/** expireOverdue, answering only how many orders expired. */
export async function expireOverdueOrders(db: Db, holdMinutes: number, now = new Date()): Promise<number> {
  return (await expireOverdue(db, holdMinutes, now)).expired;
}

/**
 * Expiry checked on read and write: an order past its time that no sweep has reached yet is
 * expired now. Answers the order as it is afterwards.
 */
export async function expireIfOverdue(db: Db, order: OrderRow, holdMinutes: number): Promise<OrderRow> {
  if (!isOverdue(order, holdMinutes)) return order;
  await transaction(db, (tx) => cancelHolding(tx, eq(orders.id, order.id), 'expired', 1));
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  return now ?? order;
}

/**
 * GET /api/orders/{id}, by id or by the order number (`T-100001`): the order, expired first if
 * its time is up (so the buyer sees it at once), with the PayPal payments it refunds.
 */
export async function readOrder(db: Db, user: AuthUser, idOrNumber: string, holdMinutes: number): Promise<Order> {
  const order = await expireIfOverdue(db, await visibleOrderByIdOrNumber(db, user, idOrNumber), holdMinutes);
  const json = await orderJson(db, order);
  if (order.paymentMethod !== 'PayPal') return json;
  // PayPal payments that paid nothing: the page tells the buyer they are refunded.
  const refunds = (await refundedCapturesOf(db, order.id)).flatMap((row) => paymentRefundJson(row) ?? []);
  return refunds.length === 0 ? json : { ...json, paymentRefunds: refunds };
}

/** PUT /api/orders/{id}/cancel: the seller of an unpaid PayPal order, or an admin, cancels it. */
export async function cancelOrder(db: Db, user: AuthUser, id: string): Promise<Order> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, id, true);
    const facts = orderFacts(order);
    if (!managesAsSeller(user, facts)) {
      throw forbidden(
        isSellerOf(user, facts) ? SELLER_STATUS_REVOKED : 'Only the seller of this order or an admin can cancel it.',
      );
    }
    if (order.paymentMethod !== 'PayPal') {
      throw badRequest('Only unpaid PayPal orders can be cancelled. A Swish order is deleted instead.');
    }
    if (order.isPaid) throw conflict('A paid order cannot be cancelled.');
    if (order.cancelledAt) throw conflict('This order is already cancelled.');
    await cancelHolding(tx, eq(orders.id, order.id), 'cancelled', 1);
    const [cancelled] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return orderJson(tx, cancelled ?? order);
  });
}

/** How often each instance sweeps for expired orders. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * One sweep: expires what is overdue. It drops from the read cache only the pages of the
 * products that got stock back and the lists showing them (as after an order:
 * lib/cache-changes.ts), and nothing when nothing expired.
 */
export async function sweepExpiredOrders(
  holdMinutes: number,
  log: { info(obj: object, msg: string): void },
  inBackground: BackgroundChanges,
): Promise<void> {
  const { expired } = await inBackground(
    (db) => expireOverdue(db, holdMinutes),
    (done) => stockChangeTags(done.productIds),
  );
  if (expired > 0) log.info({ expired }, 'unpaid PayPal orders expired');
}

/** Sweeps every minute until stopped (lib/periodic-sweep.ts). */
export function startExpirySweep(
  holdMinutes: number,
  log: SweepLog & { info(obj: object, msg: string): void },
  inBackground: BackgroundChanges,
): () => Promise<void> {
  return startPeriodicSweep(
    SWEEP_INTERVAL_MS,
    () => sweepExpiredOrders(holdMinutes, log, inBackground),
    log,
    'expiring unpaid PayPal orders failed',
  );
}
