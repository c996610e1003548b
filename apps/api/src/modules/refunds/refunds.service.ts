/**
 * Refunding a paid order (docs/decisions/231-refunds.md).
 *
 * `refundOrder` records one refund in one transaction under the order's row lock: it checks the
 * cap (all refunds together never more than the order's total, so of two refunds racing, the
 * second sees the first), refunds a PayPal order's capture through PayPal, stores the refund and
 * books its ledger entries. A Swish order's refund is made by the seller from their Swish app and
 * only recorded here, with its date.
 *
 * The PayPal call is made while the lock is held, before anything is written: a refusal or an
 * unreachable PayPal rolls everything back. Its PayPal-Request-Id names the order, the refund's
 * number on the order and its amount, so when PayPal refunded but our transaction did not commit,
 * the same refund asked again gets PayPal's first answer instead of a second refund.
 *
 * Callers authorize first: the route (`refundOrderAs`) lets the order's seller or an admin; the
 * withdrawals flow calls `refundOrder` when a seller accepts a withdrawal with an amount.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { isSellerOf, managesAsSeller, SELLER_STATUS_REVOKED } from '@torget/shared/policies/orders';
import { displayDate, formDateToDate } from '@torget/shared/rules/dates';
import type { Booking } from '@torget/shared/rules/ledger';
import { type BookedSale, refundBookings, refundCapRefusal } from '@torget/shared/rules/refunds';
import type { RefundOrderInput } from '@torget/shared/schemas/refunds';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { ledgerEntries, orderItems, orderRefunds, orders, paypalCaptures } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import type { OrderRow } from '#api/modules/orders/order-json.ts';
import { ORDER_NOT_FOUND, orderFacts, orderJson, visibleOrder } from '#api/modules/orders/orders.service.ts';
import {
  type PaypalClient,
  PaypalRefundRefusedError,
  PaypalUnavailableError,
} from '#api/modules/payments/paypal-client.ts';
import { type RefundRow, refundedOre, refundsOf } from './refund-reads';

export const ONLY_SELLER_REFUNDS = 'Only the seller of this order or an admin can refund it.';
export const ONLY_PAID_REFUNDED = 'Only a paid order can be refunded.';
export const PAYPAL_REFUNDS_UNAVAILABLE = 'PayPal refunds are not available: PayPal is not configured on this server.';
export const REFUNDED_AT_IN_FUTURE = 'refunded_at cannot be a day after today.';
export const REFUNDED_AT_NOT_FOR_PAYPAL = 'refunded_at is only for Swish orders: PayPal refunds are dated by PayPal.';

/** One refund to record. Amounts in öre. */
export interface RefundRequest {
  orderId: string;
  /** What goes back to the buyer, in öre: more than 0, at most what is left of the payment. */
  amountOre: number;
  /** The order lines it refunds (by product) and how many of each; the amount is what counts. */
  lines?: readonly { product: string; qty: number }[];
  note?: string | null;
  /** Swish only: when the seller refunded from their Swish app (default now). */
  refundedAt?: Date;
  /** The withdrawal it settles: a withdrawal is refunded once (a second call answers the first). */
  withdrawalId?: string;
  /** Who records it (the seller or an admin). */
  actorId: string;
}

export interface RecordedRefund {
  refund: RefundRow;
  /** The order after the refund, locked and read in the refund's transaction. */
  order: OrderRow;
  /** False when the withdrawal was refunded before: nothing new was refunded or booked. */
  isNew: boolean;
}

/** The PayPal-Request-Id of an order's `seq`-th refund of `amountOre`: the same for a retry of it. */
export const orderRefundRequestId = (orderId: string, seq: number, amountOre: number) =>
  `torget-order-refund-${orderId}-${seq}-${amountOre}`;

const noteToPayer = (orderNumber: number) => `Torget: refund for order T-${orderNumber}.`;

/**
 * Records a refund of a paid order in a transaction (a savepoint inside the caller's, when `db` is
 * one) with the order's row locked: the cap, the PayPal refund (PayPal orders), the refund's row
 * and its ledger entries. Throws an HttpError: 404 no such order, 409 unpaid or above what is
 * left (changing nothing), 400 a line that is not the order's, 409 a line refunded beyond what
 * was ordered, 409 PayPal refusing, 502 PayPal unreachable, 503 PayPal not configured.
 */
export async function refundOrder(
  db: Db,
  request: RefundRequest,
  paypal: PaypalClient | null,
): Promise<RecordedRefund> {
  return transaction(db, async (tx) => {
    if (!isUuid(request.orderId)) throw notFound(ORDER_NOT_FOUND);
    // The lock orders this refund after any other refund of the order: the cap below sees them.
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (request.withdrawalId) {
      const [earlier] = await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.withdrawalId, request.withdrawalId)));
      if (earlier) return { refund: earlier, order, isNew: false };
    }
    if (!order.isPaid || order.cancelledAt) throw conflict(ONLY_PAID_REFUNDED);
    if (!Number.isSafeInteger(request.amountOre) || request.amountOre <= 0) {
      throw badRequest('amount must be more than 0.');
    }
    const prior = await refundsOf(tx, order.id);
    const before = refundedOre(prior);
    const refusal = refundCapRefusal(order.totalPriceOre, before, request.amountOre);
    if (refusal) throw conflict(refusal);
    const lines = await refundLines(tx, order.id, request.lines ?? [], prior);
    const seq = prior.length + 1;

    let refundedAt = new Date();
    let paypalResult: { id: string; status: 'completed' | 'pending'; requestId: string } | null = null;
    if (order.paymentMethod === 'PayPal') {
      paypalResult = await refundAtPaypal(tx, paypal, order, seq, request.amountOre);
    } else if (request.refundedAt) {
      refundedAt = request.refundedAt;
    }

    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        seq,
        amountOre: request.amountOre,
        lines,
        note: request.note?.trim() || null,
        method: order.paymentMethod === 'PayPal' ? 'PayPal' : 'Swish',
        status: paypalResult?.status ?? 'completed',
        refundedAt,
        paypalRefundId: paypalResult?.id ?? null,
        paypalRequestId: paypalResult?.requestId ?? null,
        withdrawalId: request.withdrawalId ?? null,
        actorId: request.actorId,
      })
      .returning();
    if (!refund) throw new Error(`refund ${seq} of order ${order.id} was not stored`);
    await bookRefund(tx, order, refund, before);
    const [updated] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    return { refund, order: updated ?? order, isNew: true };
  });
}

/**
 * The lines a refund names, as stored (with the line's name): each must be a line of the order
 * (400), and no line refunded beyond its ordered quantity across the order's refunds (409).
 */
async function refundLines(
  db: Db,
  orderId: string,
  wanted: readonly { product: string; qty: number }[],
  prior: readonly RefundRow[],
): Promise<RefundRow['lines']> {
  if (wanted.length === 0) return [];
  const items = await db
    .select({ productId: orderItems.productId, name: orderItems.name, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return wanted.map(({ product, qty }) => {
    const item = items.find((i) => i.productId === product);
    if (!item) throw badRequest(`lines: product ${product} is not a line of this order.`);
    let refunded = 0;
    for (const refund of prior) for (const line of refund.lines) if (line.product === product) refunded += line.qty;
    if (refunded + qty > item.qty) {
      throw conflict(`lines: ${item.name} can be refunded ${Math.max(0, item.qty - refunded)} more at most.`);
    }
    return { product, name: item.name, qty };
  });
}

/**
 * Refunds `amountOre` of the PayPal capture that paid `order`. PayPal answers COMPLETED, or
 * PENDING (it completes the refund later); anything else is a refusal.
 */
async function refundAtPaypal(
  db: Db,
  paypal: PaypalClient | null,
  order: OrderRow,
  seq: number,
  amountOre: number,
): Promise<{ id: string; status: 'completed' | 'pending'; requestId: string }> {
  if (!paypal) throw new HttpError(503, PAYPAL_REFUNDS_UNAVAILABLE);
  const captureId = order.paypalCaptureId;
  const [capture] = captureId
    ? await db.select().from(paypalCaptures).where(eq(paypalCaptures.captureId, captureId))
    : [];
  if (!captureId || !capture) throw conflict('This PayPal order has no recorded payment to refund.');
  const requestId = orderRefundRequestId(order.id, seq, amountOre);
  try {
    const refund = await paypal.refundCapture({
      captureId,
      amountOre,
      currency: capture.currency,
      invoiceId: order.id,
      noteToPayer: noteToPayer(order.number),
      requestId,
    });
    if (refund.status === 'COMPLETED' || refund.status === 'PENDING') {
      return { id: refund.id, status: refund.status === 'COMPLETED' ? 'completed' : 'pending', requestId };
    }
    throw conflict(`PayPal did not take the refund (status ${refund.status}). Nothing was refunded.`);
  } catch (error) {
    if (error instanceof PaypalRefundRefusedError) {
      throw conflict(`PayPal refused the refund (${error.issue}). Nothing was refunded.`);
    }
    if (error instanceof PaypalUnavailableError) {
      throw new HttpError(502, 'PayPal could not be reached. Nothing was refunded; please try again in a moment.');
    }
    throw error;
  }
}

/**
 * What the order's sale stands booked at, by kind: its `order:` entries summed (a Swish order
 * unticked and ticked again sums to its standing booking), with the rates they used.
 */
async function bookedSaleOf(db: Db, orderId: string) {
  const rows = await queryRows<{ kind: string; amount: string | number; rate: number | null }>(
    db,
    sql`select kind, coalesce(sum(amount_ore), 0) as amount, max(rate_bp) as rate
        from ${ledgerEntries}
        where order_id = ${orderId} and booking_key like 'order:%'
        group by kind`,
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind);
  const booked: BookedSale & { commissionBp: number | null; commissionVatBp: number | null } = {
    saleCollectedOre: Number(of('sale_collected')?.amount ?? 0),
    commissionOre: Number(of('commission')?.amount ?? 0),
    commissionVatOre: Number(of('commission_vat')?.amount ?? 0),
    commissionBp: of('commission')?.rate ?? null,
    commissionVatBp: of('commission_vat')?.rate ?? null,
  };
  return booked;
}

/**
 * Books a refund in the ledger, in the refund's transaction: the sale collected (PayPal), the
 * commission and its moms reversed in proportion to the money given back (rules/refunds.ts).
 * Keys `refund:<refund id>:<kind>`: a refund books once.
 */
async function bookRefund(db: Db, order: OrderRow, refund: RefundRow, refundedBeforeOre: number): Promise<Booking[]> {
  const booked = await bookedSaleOf(db, order.id);
  const bookings = refundBookings(booked, order.totalPriceOre, refundedBeforeOre, refund.amountOre);
  if (bookings.length === 0) return bookings;
  const note = `Refund ${refund.seq} of order T-${order.number}.`;
  await db
    .insert(ledgerEntries)
    .values(
      bookings.map((b) => ({
        sellerId: order.sellerId,
        amountOre: b.amountOre,
        kind: b.kind,
        orderId: order.id,
        orderNumber: order.number,
        rateBp: b.rateBp,
        baseOre: b.baseOre,
        note,
        bookingKey: `refund:${refund.id}:${b.kind}`,
      })),
    )
    .onConflictDoNothing({ target: ledgerEntries.bookingKey });
  return bookings;
}

/** The refunded order and the refund, as the route answers them. */
export interface RefundAnswer {
  order: Order;
  refund: RefundRow;
}

/**
 * POST /api/orders/{id}/refunds: the order's seller (while a seller) or an admin. Anyone else who
 * can see the order (its buyer) is refused (403); to anyone who cannot, it does not exist (404).
 */
export async function refundOrderAs(
  db: Db,
  paypal: PaypalClient | null,
  user: AuthUser,
  id: string,
  input: RefundOrderInput,
  amountOre: number,
): Promise<RefundAnswer> {
  const order = await visibleOrder(db, user, id);
  const facts = orderFacts(order);
  if (!managesAsSeller(user, facts)) {
    throw forbidden(isSellerOf(user, facts) ? SELLER_STATUS_REVOKED : ONLY_SELLER_REFUNDS);
  }
  let refundedAt: Date | undefined;
  if (input.refunded_at) {
    if (order.paymentMethod === 'PayPal') throw badRequest(REFUNDED_AT_NOT_FOR_PAYPAL);
    // Days are Sweden's (decision 241): today in Stockholm is the latest a refund can be dated.
    if (input.refunded_at > displayDate(new Date().toISOString())) throw badRequest(REFUNDED_AT_IN_FUTURE);
    refundedAt = formDateToDate(input.refunded_at);
  }
  const recorded = await refundOrder(
    db,
    {
      orderId: order.id,
      amountOre,
      lines: input.lines,
      note: input.note,
      ...(refundedAt ? { refundedAt } : {}),
      actorId: user.id,
    },
    paypal,
  );
  return { order: await orderJson(db, recorded.order), refund: recorded.refund };
}
