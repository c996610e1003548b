/**
 * Accepting a withdrawal with an amount refunds through the refund service: PayPal through the
 * stand-in (its request body checked), Swish recorded; capped at what was paid; booked to the
 * ledger; and when the refund is refused the withdrawal stays undecided.
 */
import type { Order, OrderWithdrawal } from '@torget/shared/api-types.generated';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderRefunds } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let paypal: PaypalStandin;
let t: TestApp;
let anna: Session;
let kim: Session;
let admin: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Ada Admin', true);
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: Session, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

/** 2 lamps at 100 kr (10 kr shipping each), 1 vase at 50 kr, 1 mug at 20 kr: 290 kr with 20 kr shipping. */
async function threeLines(method: 'PayPal' | 'Swish') {
  const lamp = (
    await product(t, anna.id, { name: 'Lampa', priceOre: 10_000, shippingPriceOre: 1_000, countInStock: 9 })
  ).id;
  const vase = (await product(t, anna.id, { name: 'Vas', priceOre: 5_000, shippingPriceOre: 0, countInStock: 9 })).id;
  const mug = (await product(t, anna.id, { name: 'Mugg', priceOre: 2_000, shippingPriceOre: 0, countInStock: 9 })).id;
  const order = await placeOrder(
    t,
    kim,
    [
      { product: lamp, qty: 2 },
      { product: vase, qty: 1 },
      { product: mug, qty: 1 },
    ],
    method,
  );
  return { order, lamp, vase, mug };
}

async function payByPaypal(orderId: string): Promise<string> {
  const start = await call('POST', `/api/orders/${orderId}/paypal`, kim);
  expect(start.statusCode, start.body).toBe(200);
  const paypalId = (start.json() as { id: string }).id;
  const completed = paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
  const paid = await call('PUT', `/api/orders/${orderId}/pay`, kim, { id: paypalId });
  expect(paid.statusCode, paid.body).toBe(200);
  return completed.purchase_units[0]?.payments?.captures[0]?.id ?? '';
}

async function markSwishPaid(orderId: string) {
  const res = await call('PUT', `/api/orders/${orderId}/update`, anna, {
    is_paid: true,
    paid_date: '2026-11-20',
    is_delivered: false,
    delivered_date: '',
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function withdraw(order: Order, lines: { product: string; qty: number }[]): Promise<OrderWithdrawal> {
  const res = await call('POST', `/api/orders/${order._id}/withdrawals`, kim, { lines });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { withdrawal: OrderWithdrawal }).withdrawal;
}

const decide = (order: Order, withdrawal: OrderWithdrawal, who: Session, payload: object) =>
  call('PUT', `/api/orders/${order._id}/withdrawals/${withdrawal._id}`, who, payload);

const refundEntriesOf = (orderId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, amountOre: ledgerEntries.amountOre })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), like(ledgerEntries.bookingKey, 'refund:%')));

const refundRows = (orderId: string) =>
  t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('accepting a withdrawal refunds it', () => {
  it('a PayPal order: two of three lines refunded through PayPal at the offered amount, booked to the ledger', async () => {
    const { order, lamp, vase } = await threeLines('PayPal');
    const captureId = await payByPaypal(order._id);
    const withdrawal = await withdraw(order, [
      { product: lamp, qty: 2 },
      { product: vase, qty: 1 },
    ]);
    expect(withdrawal.suggestedRefundAmount).toBe(250);
    const res = await decide(order, withdrawal, anna, { accepted: true, refund_amount: 250, restock: true });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { order: Order; withdrawal: OrderWithdrawal };
    expect(answer.withdrawal).toMatchObject({ state: 'accepted', refundAmount: 250, restocked: true });
    expect(answer.order.refundedPrice).toBe(250);
    expect(answer.order.refunds).toHaveLength(1);
    expect(answer.order.refunds?.[0]).toMatchObject({ amount: 250, method: 'PayPal' });

    const requests = paypal.refundRequests.filter((r) => r.captureId === captureId);
    expect(requests.map((r) => r.body)).toEqual([
      {
        amount: { currency_code: 'SEK', value: '250.00' },
        invoice_id: order._id,
        note_to_payer: `Torget: refund for order ${order.orderNumber}.`,
      },
    ]);
    const [stored] = await refundRows(order._id);
    expect(stored?.withdrawalId).toBe(withdrawal._id);
    expect(stored?.lines.map((line) => [line.name, line.qty])).toEqual([
      ['Lampa', 2],
      ['Vas', 1],
    ]);
    const entries = await refundEntriesOf(order._id);
    expect(entries.find((entry) => entry.kind === 'refund')?.amountOre).toBe(-25_000);
    // The buyer reads the refund on the order.
    const read = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(read.refundedPrice).toBe(250);
    expect(read.withdrawals?.[0]?.state).toBe('accepted');
  });

  it('PayPal refusing the refund leaves the withdrawal undecided and nothing booked', async () => {
    const { order, mug } = await threeLines('PayPal');
    await payByPaypal(order._id);
    const withdrawal = await withdraw(order, [{ product: mug, qty: 1 }]);
    paypal.failRefunds({ status: 422, issue: 'REFUND_NOT_ALLOWED' });
    try {
      const res = await decide(order, withdrawal, anna, { accepted: true });
      expect(res.statusCode).toBe(409);
    } finally {
      paypal.failRefunds(null);
    }
    const read = (await call('GET', `/api/orders/${order._id}`, anna)).json() as Order;
    expect(read.withdrawals?.[0]).toMatchObject({ state: 'requested', refundAmount: null });
    expect(await refundRows(order._id)).toHaveLength(0);
    expect(await refundEntriesOf(order._id)).toHaveLength(0);
    // Tried again, it goes through at the offered amount.
    const again = await decide(order, withdrawal, anna, { accepted: true });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { withdrawal: OrderWithdrawal }).withdrawal.refundAmount).toBe(20);
  });

  it('a Swish order: a whole withdrawal offers the shipping too; more than was paid is refused and changes nothing', async () => {
    const { order, lamp, vase, mug } = await threeLines('Swish');
    await markSwishPaid(order._id);
    const withdrawal = await withdraw(order, [
      { product: lamp, qty: 2 },
      { product: vase, qty: 1 },
      { product: mug, qty: 1 },
    ]);
    expect(withdrawal.suggestedRefundAmount).toBe(order.totalPrice);
    const tooMuch = await decide(order, withdrawal, admin, { accepted: true, refund_amount: order.totalPrice + 1 });
    expect(tooMuch.statusCode).toBe(409);
    expect(await refundRows(order._id)).toHaveLength(0);
    const read = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(read.withdrawals?.[0]?.state).toBe('requested');

    const res = await decide(order, withdrawal, admin, { accepted: true, returned: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { order: Order; withdrawal: OrderWithdrawal };
    expect(answer.withdrawal).toMatchObject({ refundAmount: order.totalPrice, goodsReturned: false, restocked: false });
    expect(answer.order.refunds?.[0]).toMatchObject({ method: 'Swish', amount: order.totalPrice });
    expect(answer.order.refundedPrice).toBe(order.totalPrice);
  });

  it('an unpaid Swish order: nothing to refund, so only 0 is accepted', async () => {
    const { order, mug } = await threeLines('Swish');
    const withdrawal = await withdraw(order, [{ product: mug, qty: 1 }]);
    const refused = await decide(order, withdrawal, anna, { accepted: true, refund_amount: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a paid order can be refunded.');
    const res = await decide(order, withdrawal, anna, { accepted: true, refund_amount: 0, restock: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundRows(order._id)).toHaveLength(0);
  });
});
