/**
 * The capture rule (docs/security.md): every PayPal capture the server verifies is booked once,
 * whatever it does; one that pays nothing is refunded through PayPal at once, and the buyer sees
 * it on the order page. Races of a payment with a cancel and with an expiry, several captures of
 * one order, and retried calls.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paypalCaptures } from '#api/db/schema.ts';
import { expireOverdueOrders, PAYPAL_CAPTURE_WINDOW_MINUTES } from '#api/modules/orders/order-cancellation.service.ts';
import { ORDER_CANCELLED_REFUNDED, ORDER_EXPIRED_REFUNDED } from '#api/modules/orders/order-payment.service.ts';
import {
  customer,
  placeOrder,
  product,
  type Session,
  settle,
  shop,
  stockOf,
} from '#api/modules/orders/order-test-kit.ts';
import { refundRequestId } from '#api/modules/payments/paypal-captures.service.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const HOLD_MINUTES = 30;

let t: TestApp;
let paypal: PaypalStandin;
let anna: Session;
let kim: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
    paypalOrderHoldMinutes: HOLD_MINUTES,
  });
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, who: Session, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

/** A PayPal order of SEK 298.00 (2 × 100.00 + 2 × 49.00 shipping) of a fresh product, stock 10. */
async function paypalOrder(): Promise<{ order: Order; productId: string }> {
  const p = await product(t, anna.id, { priceOre: 10_000, shippingPriceOre: 4_900, countInStock: 10 });
  return { order: await placeOrder(t, kim, [{ product: p.id, qty: 2 }], 'PayPal'), productId: p.id };
}

/** Our server creates the PayPal order; the buyer approves and the browser captures it. */
async function capturedPaypalOrder(orderId: string): Promise<{ paypalId: string; captureId: string }> {
  const start = await call('POST', `/api/orders/${orderId}/paypal`, kim);
  expect(start.statusCode, start.body).toBe(200);
  const paypalId = (start.json() as { id: string }).id;
  const completed = paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
  return { paypalId, captureId: completed.purchase_units[0]?.payments?.captures[0]?.id ?? '' };
}

const pay = (orderId: string, paypalId: string) => call('PUT', `/api/orders/${orderId}/pay`, kim, { id: paypalId });

const capturesOf = (orderId: string) =>
  t.database.db.select().from(paypalCaptures).where(eq(paypalCaptures.orderId, orderId));

const refundRequestsFor = (captureId: string) => paypal.refundRequests.filter((r) => r.captureId === captureId);

/** The stand-in saw exactly one refund of the capture, of the whole amount in SEK, for our order. */
function expectRefundedOnce(captureId: string, orderId: string, value: string) {
  const requests = refundRequestsFor(captureId);
  expect(requests).toHaveLength(1);
  expect(requests[0]).toEqual({
    captureId,
    requestId: refundRequestId(captureId),
    body: {
      amount: { currency_code: 'SEK', value },
      invoice_id: orderId,
      note_to_payer: expect.any(String),
    },
  });
  expect([...paypal.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
}

/** Moves an order's creation, and the start of its PayPal payment, `minutes` into the past. */
async function age(orderId: string, minutes: number) {
  await t.database.db
    .update(orders)
    .set({
      createdAt: sql`now() - make_interval(mins => ${minutes})`,
      paypalStartedAt: sql`now() - make_interval(mins => ${minutes})`,
    })
    .where(eq(orders.id, orderId));
}

describe('a capture that arrives after the order was cancelled or expired', () => {
  it('is stored and refunded at once, with the right body, and the order page says so', async () => {
    const { order } = await paypalOrder();
    const { paypalId, captureId } = await capturedPaypalOrder(order._id);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, anna)).statusCode).toBe(200);

    const res = await pay(order._id, paypalId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
    expect(await capturesOf(order._id)).toEqual([
      expect.objectContaining({
        captureId,
        paypalOrderId: paypalId,
        amountOre: 29_800,
        currency: 'SEK',
        outcome: 'cancelled',
        refundState: 'sent',
        paypalRefundStatus: 'COMPLETED',
        paypalRefundId: expect.any(String),
        attempts: 1,
        lastError: null,
      }),
    ]);
    expectRefundedOnce(captureId, order._id, '298.00');

    const page = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(page).toMatchObject({ isPaid: false, isCancelled: true });
    expect(page.paymentRefunds).toEqual([
      {
        amount: 298,
        currency: 'SEK',
        reason: 'cancelled',
        state: 'sent',
        receivedAt: expect.any(String),
        refundedAt: expect.any(String),
      },
    ]);
  });

  it('races a cancel: whichever wins, the capture is stored, and refunded exactly when it paid nothing', async () => {
    for (let round = 0; round < 4; round++) {
      const { order, productId } = await paypalOrder();
      const { paypalId, captureId } = await capturedPaypalOrder(order._id);
      const [payRes, cancelRes] = await Promise.all([
        pay(order._id, paypalId),
        call('PUT', `/api/orders/${order._id}/cancel`, anna),
      ]);
      const [stored] = await capturesOf(order._id);
      if (payRes.statusCode === 200) {
        expect(cancelRes.statusCode).toBe(409);
        expect(stored).toMatchObject({ captureId, outcome: 'paid', refundState: 'none' });
        expect(refundRequestsFor(captureId)).toHaveLength(0);
        expect(await stockOf(t, productId)).toBe(8);
      } else {
        expect(cancelRes.statusCode).toBe(200);
        expect(payRes.statusCode).toBe(409);
        expect(payRes.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
        expect(stored).toMatchObject({ captureId, outcome: 'cancelled', refundState: 'sent' });
        expectRefundedOnce(captureId, order._id, '298.00');
        expect(await stockOf(t, productId)).toBe(10);
      }
    }
  });

  it('races an expiry: whichever wins, the capture is stored, and refunded exactly when it paid nothing', async () => {
    // First the expiry alone, then both at once.
    const { order } = await paypalOrder();
    const { paypalId, captureId } = await capturedPaypalOrder(order._id);
    await age(order._id, HOLD_MINUTES + PAYPAL_CAPTURE_WINDOW_MINUTES + 1);
    expect(await expireOverdueOrders(t.database.db, HOLD_MINUTES)).toBeGreaterThanOrEqual(1);
    const late = await pay(order._id, paypalId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: ORDER_EXPIRED_REFUNDED });
    expect(await capturesOf(order._id)).toEqual([
      expect.objectContaining({ captureId, outcome: 'expired', refundState: 'sent' }),
    ]);
    expectRefundedOnce(captureId, order._id, '298.00');

    for (let round = 0; round < 4; round++) {
      const raced = await paypalOrder();
      const captured = await capturedPaypalOrder(raced.order._id);
      await age(raced.order._id, HOLD_MINUTES + PAYPAL_CAPTURE_WINDOW_MINUTES + 1);
      const [payRes] = await Promise.all([
        pay(raced.order._id, captured.paypalId),
        expireOverdueOrders(t.database.db, HOLD_MINUTES),
      ]);
      const [stored] = await capturesOf(raced.order._id);
      if (payRes.statusCode === 200) {
        expect(stored).toMatchObject({ outcome: 'paid', refundState: 'none' });
        expect(refundRequestsFor(captured.captureId)).toHaveLength(0);
        expect(await stockOf(t, raced.productId)).toBe(8);
      } else {
        expect(payRes.json()).toEqual({ message: ORDER_EXPIRED_REFUNDED });
        expect(stored).toMatchObject({ outcome: 'expired', refundState: 'sent' });
        expectRefundedOnce(captured.captureId, raced.order._id, '298.00');
        expect(await stockOf(t, raced.productId)).toBe(10);
      }
    }
  });

  it('books a retried pay with the same capture once, also when the calls race', async () => {
    const { order } = await paypalOrder();
    const { paypalId, captureId } = await capturedPaypalOrder(order._id);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, anna)).statusCode).toBe(200);
    const mailsBefore = t.mails.length;
    const answers = await Promise.all([pay(order._id, paypalId), pay(order._id, paypalId), pay(order._id, paypalId)]);
    for (const res of answers) expect(res.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
    // After the refund PayPal shows the capture REFUNDED; a later retry is still answered as booked.
    const retried = await pay(order._id, paypalId);
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
    expect(await capturesOf(order._id)).toHaveLength(1);
    expectRefundedOnce(captureId, order._id, '298.00');
    await settle();
    const refundMails = t.mails.slice(mailsBefore).filter((m) => m.to === kim.email && m.text.includes(order._id));
    expect(refundMails).toHaveLength(1);
  });

  it('books a retried pay of a paid order once: the same capture pays once and refunds nothing', async () => {
    const { order } = await paypalOrder();
    const { paypalId, captureId } = await capturedPaypalOrder(order._id);
    const answers = await Promise.all([pay(order._id, paypalId), pay(order._id, paypalId)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await capturesOf(order._id)).toEqual([expect.objectContaining({ captureId, outcome: 'paid' })]);
    expect(refundRequestsFor(captureId)).toHaveLength(0);
  });
});

describe('several captures of one order', () => {
  it('lets one pay; the others are answered with the paid order, stored and refunded', async () => {
    const { order } = await paypalOrder();
    const payments = [
      await capturedPaypalOrder(order._id),
      await capturedPaypalOrder(order._id),
      await capturedPaypalOrder(order._id),
    ];
    const answers = [];
    for (const { paypalId } of payments) answers.push(await pay(order._id, paypalId));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isPaid: true, paymentResult: { id: payments[0]?.paypalId } });
    }
    const stored = await capturesOf(order._id);
    expect(stored).toHaveLength(3);
    const byId = new Map(stored.map((row) => [row.captureId, row]));
    const [first, ...others] = payments;
    expect(byId.get(first?.captureId ?? '')).toMatchObject({ outcome: 'paid', refundState: 'none' });
    for (const other of others) {
      expect(byId.get(other.captureId)).toMatchObject({ outcome: 'duplicate', refundState: 'sent' });
      expectRefundedOnce(other.captureId, order._id, '298.00');
    }
    expect(refundRequestsFor(first?.captureId ?? '')).toHaveLength(0);
    const page = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(page.paymentRefunds?.map((r) => r.reason)).toEqual(['duplicate', 'duplicate']);
  });

  it('refunds a capture of another amount, and still answers that it does not match', async () => {
    const { order } = await paypalOrder();
    const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
    const paypalId = (start.json() as { id: string }).id;
    const completed = paypal.complete(paypalId, { amount: { currency_code: 'SEK', value: '1.00' } });
    const captureId = completed.purchase_units[0]?.payments?.captures[0]?.id ?? '';
    const res = await pay(order._id, paypalId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The PayPal payment of SEK 1.00 does not match the order total of SEK 298.00.');
    expect(await capturesOf(order._id)).toEqual([
      expect.objectContaining({ captureId, amountOre: 100, outcome: 'wrong_amount', refundState: 'sent' }),
    ]);
    expectRefundedOnce(captureId, order._id, '1.00');
  });
});

describe('the hold while a PayPal payment is under way', () => {
  it('keeps the stock a bounded while after our server created the PayPal order', async () => {
    const { order, productId } = await paypalOrder();
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${HOLD_MINUTES + 1})` })
      .where(eq(orders.id, order._id));
    // Past its hold but not yet swept: starting a payment expires it, and no PayPal order is made.
    const known = paypal.orders.size;
    expect((await call('POST', `/api/orders/${order._id}/paypal`, kim)).statusCode).toBe(409);
    expect(paypal.orders.size).toBe(known);

    const held = await paypalOrder();
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${HOLD_MINUTES - 1})` })
      .where(eq(orders.id, held.order._id));
    const { paypalId } = await capturedPaypalOrder(held.order._id);
    // The hold is up two minutes later, but the PayPal order started a minute before it ended.
    const later = new Date(Date.now() + 2 * 60_000);
    await expireOverdueOrders(t.database.db, HOLD_MINUTES, later);
    expect((await call('GET', `/api/orders/${held.order._id}`, kim)).json()).toMatchObject({ isCancelled: false });
    expect(await stockOf(t, held.productId)).toBe(8);
    // Past the capture window it expires, and the late capture is refunded.
    const pastWindow = new Date(Date.now() + PAYPAL_CAPTURE_WINDOW_MINUTES * 60_000);
    await expireOverdueOrders(t.database.db, HOLD_MINUTES, pastWindow);
    expect(await stockOf(t, held.productId)).toBe(10);
    expect((await pay(held.order._id, paypalId)).json()).toEqual({ message: ORDER_EXPIRED_REFUNDED });
    expect(await stockOf(t, productId)).toBe(10);
  });
});
