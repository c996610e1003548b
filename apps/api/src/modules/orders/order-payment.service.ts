/**
 * Paying an order with PayPal. The PayPal order is created here from the stored total, and an
 * order is marked paid only after PayPal itself confirms the capture (DESIGN.md: PayPal).
 */
import type { Order } from '@torget/shared/api-types.generated';
import { canPayOrder } from '@torget/shared/policies/orders';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orders, paypalCaptures } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, HttpError } from '#api/lib/http-errors.ts';
import {
  type Booking,
  bookCapture,
  type CaptureOutcome,
  type VerifiedCapture,
} from '#api/modules/payments/paypal-captures.service.ts';
import {
  type PaypalClient,
  type PaypalOrder,
  PaypalUnavailableError,
  paypalValueToOre,
} from '#api/modules/payments/paypal-client.ts';
import { verifyPaypalOrder } from '#api/modules/payments/paypal-verification.ts';
import { cancelledMessage, expireIfOverdue } from './order-cancellation.service';
import type { OrderRow } from './order-json';
import { orderFacts, orderJson, visibleOrder } from './orders.service';

export const PAYPAL_NOT_CONFIGURED = 'PayPal payments are not available: PayPal is not configured on this server.';
export const CAPTURE_ALREADY_USED = 'This PayPal payment has already paid another order.';

/** A PayPal order of the signed-in buyer that is still to be paid through PayPal. */
async function buyersPaypalOrder(db: Db, user: AuthUser, id: string): Promise<OrderRow> {
  const order = await visibleOrder(db, user, id);
  if (!canPayOrder(user, orderFacts(order))) throw forbidden('Only the buyer can pay for this order.');
  if (order.paymentMethod !== 'PayPal') throw badRequest('This order is paid by Swish, not PayPal.');
  return order;
}

function requirePaypal(paypal: PaypalClient | null): PaypalClient {
  if (!paypal) throw new HttpError(503, PAYPAL_NOT_CONFIGURED);
  return paypal;
}

/** Runs a PayPal call; PayPal being down or strange is a 502, not a crash. */
async function atPaypal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaypalUnavailableError) {
      throw new HttpError(502, 'PayPal could not be reached. Please try again in a moment.');
    }
    throw error;
  }
}

/** Refuses (409) an order that was cancelled or has expired. */
function refuseCancelled(order: OrderRow): void {
  const message = cancelledMessage(order);
  if (message) throw conflict(message);
}

/**
 * POST /api/orders/{id}/paypal: the PayPal order the buyer's PayPal button approves, created only
 * for an order that can still be paid. An order past its time is expired here (if no sweep did
 * yet): no payment starts for it.
 */
export async function startPaypalPayment(
  db: Db,
  paypal: PaypalClient | null,
  user: AuthUser,
  id: string,
  holdMinutes: number,
): Promise<{ id: string }> {
  const order = await expireIfOverdue(db, await buyersPaypalOrder(db, user, id), holdMinutes);
  if (order.isPaid) throw badRequest('This order is already paid.');
  refuseCancelled(order);
  const client = requirePaypal(paypal);
  // The order holds its stock a while longer for the capture's answer (isOverdue). Marked before
  // PayPal is asked, and only while the order still holds its stock: a cancel or an expiry that
  // won the race is answered as such, and no PayPal order is made for it.
  const [held] = await db
    .update(orders)
    .set({ paypalStartedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.isPaid, false), isNull(orders.cancelledAt)))
    .returning();
  if (!held) {
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (now?.isPaid) throw badRequest('This order is already paid.');
    if (now) refuseCancelled(now);
  }
  return atPaypal(() =>
    client.createOrder({ orderId: order.id, amountOre: order.totalPriceOre, description: `Torget order ${order.id}` }),
  );
}

/** What the pay call does once a capture that pays nothing is newly booked: refund it, tell the buyer. */
export type RefundDue = (booking: Booking) => Promise<void>;

export const ORDER_EXPIRED_REFUNDED =
  'This order expired before your PayPal payment arrived, so the payment did not pay it. It will be refunded to your PayPal account.';
export const ORDER_CANCELLED_REFUNDED =
  'This order was cancelled by the seller before your PayPal payment arrived, so the payment did not pay it. It will be refunded to your PayPal account.';

/** The capture of a PayPal order that PayPal took for `order`, verified, with whether it pays it. */
function verifiedCapture(
  order: OrderRow,
  paypalOrder: PaypalOrder,
): { capture: VerifiedCapture | null; refusal: string | null } {
  const verdict = verifyPaypalOrder(paypalOrder, { orderId: order.id, totalOre: order.totalPriceOre });
  const taken = verdict.ok ? verdict.capture : verdict.taken;
  const amountOre = taken?.amount ? paypalValueToOre(taken.amount.value) : null;
  if (!taken?.amount || amountOre === null) return { capture: null, refusal: verdict.ok ? null : verdict.reason };
  const at = paypalOrder.update_time ?? taken.update_time ?? new Date().toISOString();
  return {
    capture: {
      captureId: taken.id,
      paypalOrderId: paypalOrder.id,
      orderId: order.id,
      amountOre,
      currency: taken.amount.currency_code,
      paysTotal: verdict.ok,
      paymentResult: {
        id: paypalOrder.id,
        status: paypalOrder.status,
        update_time: at,
        email_address: paypalOrder.payer?.email_address ?? '',
      },
    },
    refusal: verdict.ok ? null : verdict.reason,
  };
}

/** Whether PayPal order `paypalOrderId` is the payment that paid `order` (a repeated pay call). */
function paidBy(order: OrderRow, paypalOrderId: string): boolean {
  const result = order.paymentResult as { id?: unknown } | null;
  return order.isPaid && result?.id === paypalOrderId;
}

/**
 * PUT /api/orders/{id}/pay: the browser says PayPal order `paypalOrderId` paid this order. We
 * fetch it from PayPal; a completed capture for this order is booked once whatever it does
 * (paypal-captures.service.ts, docs/security.md: the capture rule). It pays the order only when
 * it is exactly the stored total in SEK and the order is still unpaid and not cancelled; any
 * other capture is refunded (`refundDue`). Answers: the paid order (also for a repeated call and
 * for a second capture of a paid order), 409 for a cancelled or expired order (saying a payment
 * will be refunded when one was taken), 400 for a payment that is not a completed capture of
 * exactly the total. A capture approved in time is accepted until the order is actually
 * cancelled, so a sweep's delay never turns away a buyer who paid. `paidNow` is called once, by
 * the call whose capture paid the order (the buyer's paid mail), never by a retry, with the order
 * as the payment left it.
 */
export async function payWithPaypal(
  db: Db,
  paypal: PaypalClient | null,
  user: AuthUser,
  id: string,
  paypalOrderId: string,
  refundDue: RefundDue,
  paidNow?: (order: OrderRow) => void,
): Promise<Order> {
  const order = await buyersPaypalOrder(db, user, id);
  if (paidBy(order, paypalOrderId)) return orderJson(db, order);
  if (!paypal) {
    if (order.isPaid) return orderJson(db, order);
    refuseCancelled(order);
  }
  const client = requirePaypal(paypal);
  const paypalOrder = await atPaypal(() => client.getOrder(paypalOrderId));
  const { capture, refusal } = paypalOrder ? verifiedCapture(order, paypalOrder) : { capture: null, refusal: null };
  if (!capture) {
    // A capture of this PayPal order booked before (a retried or racing call) may since have been
    // refunded, and PayPal then shows it REFUNDED: the call is answered as the booking was.
    const [booked] = await db
      .select({ outcome: paypalCaptures.outcome })
      .from(paypalCaptures)
      .where(and(eq(paypalCaptures.paypalOrderId, paypalOrderId), eq(paypalCaptures.orderId, order.id)))
      .limit(1);
    if (booked) {
      // The order as that booking left it (this call read it before the booking committed).
      const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
      return answerFor(db, booked.outcome, now ?? order, refusal);
    }
    // Nothing PayPal took for this order: the order is answered as it is.
    if (order.isPaid) return orderJson(db, order);
    refuseCancelled(order);
    throw badRequest(refusal ?? 'PayPal does not know this payment.');
  }
  const booking = await bookCapture(db, capture);
  if (booking.capture.orderId !== order.id) throw badRequest(CAPTURE_ALREADY_USED);
  if (booking.isNew && booking.capture.refundState === 'due') await refundDue(booking);
  if (booking.isNew && booking.capture.outcome === 'paid') paidNow?.(booking.order);
  return answerFor(db, booking.capture.outcome, booking.order, refusal);
}

/** The pay call's answer for a capture booked with `outcome`: the order, or why it did not pay it. */
async function answerFor(db: Db, outcome: CaptureOutcome, order: OrderRow, refusal: string | null): Promise<Order> {
  switch (outcome) {
    case 'paid':
    case 'duplicate':
      return orderJson(db, order);
    case 'cancelled':
      throw conflict(ORDER_CANCELLED_REFUNDED);
    case 'expired':
      throw conflict(ORDER_EXPIRED_REFUNDED);
    case 'wrong_amount':
      throw badRequest(refusal ?? 'The PayPal payment does not match the order total.');
  }
}
