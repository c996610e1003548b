/**
 * Paying an order with PayPal. The PayPal order is created here from the stored total, and an
 * order is marked paid only after PayPal itself confirms the capture (DESIGN.md: PayPal).
 */
import type { Order } from '@torget/shared/api-types';
import { canPayOrder } from '@torget/shared/policies/orders';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orders } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, HttpError } from '#api/lib/http-errors.ts';
import { type PaypalClient, type PaypalOrder, PaypalUnavailableError } from '#api/modules/payments/paypal-client.ts';
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
 * POST /api/orders/{id}/paypal: the PayPal order the buyer's PayPal button approves. An order
 * past its time is expired here (if no sweep did yet): no payment starts for it.
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
  return atPaypal(() =>
    client.createOrder({ orderId: order.id, amountOre: order.totalPriceOre, description: `Torget order ${order.id}` }),
  );
}

/** Postgres' unique_violation of the one-capture-one-order index. Drizzle may wrap the driver's error. */
function isCaptureReuse(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string };
  const e = error as (PgError & { cause?: PgError }) | null;
  const pgError = e?.code ? e : e?.cause;
  return pgError?.code === '23505' && pgError.constraint === 'orders_paypal_capture_key';
}

async function markPaid(db: Db, order: OrderRow, paypalOrder: PaypalOrder, captureId: string, at: string) {
  try {
    const [updated] = await db
      .update(orders)
      .set({
        isPaid: true,
        paidAt: new Date(),
        paypalCaptureId: captureId,
        paymentResult: {
          id: paypalOrder.id,
          status: paypalOrder.status,
          update_time: at,
          email_address: paypalOrder.payer?.email_address ?? '',
        },
        updatedAt: new Date(),
      })
      // Only an unpaid order still holding its stock: a second request racing this one leaves the
      // first payment as it is, and an order cancelled meanwhile stays cancelled.
      .where(and(eq(orders.id, order.id), eq(orders.isPaid, false), isNull(orders.cancelledAt)))
      .returning();
    return updated;
  } catch (error) {
    if (isCaptureReuse(error)) throw badRequest(CAPTURE_ALREADY_USED);
    throw error;
  }
}

/**
 * PUT /api/orders/{id}/pay: the browser says PayPal order `paypalOrderId` paid this order. We
 * fetch it from PayPal and mark the order paid only if it is a completed capture of exactly the
 * stored total in SEK for this order. An order already paid is answered as it is; a cancelled
 * or expired one is refused (409). A capture approved in time is accepted until the order is
 * actually cancelled, so a sweep's delay never turns away a buyer who paid.
 */
export async function payWithPaypal(
  db: Db,
  paypal: PaypalClient | null,
  user: AuthUser,
  id: string,
  paypalOrderId: string,
): Promise<Order> {
  const order = await buyersPaypalOrder(db, user, id);
  if (order.isPaid) return orderJson(db, order);
  refuseCancelled(order);
  const client = requirePaypal(paypal);
  const paypalOrder = await atPaypal(() => client.getOrder(paypalOrderId));
  if (!paypalOrder) throw badRequest('PayPal does not know this payment.');
  const verdict = verifyPaypalOrder(paypalOrder, { orderId: order.id, totalOre: order.totalPriceOre });
  if (!verdict.ok) throw badRequest(verdict.reason);
  const at = paypalOrder.update_time ?? verdict.capture.update_time ?? new Date().toISOString();
  const updated = await markPaid(db, order, paypalOrder, verdict.capture.id, at);
  if (updated) return orderJson(db, updated);
  // No row updated: another request paid it meanwhile (answered as it now is), or it was
  // cancelled meanwhile (refused: the capture must be refunded by the seller).
  const now = await visibleOrder(db, user, id);
  if (!now.isPaid) refuseCancelled(now);
  return orderJson(db, now);
}
