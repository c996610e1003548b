/**
 * POST /api/orders/{id}/refunds (docs/decisions/231-refunds.md): a PayPal order refunded through
 * the PayPal stand-in (its request body checked), a Swish order marked refunded with its day,
 * partial refunds per line, the cap across all refunds (also for two at once), the ledger
 * entries each refund books, and who may refund.
 */
import type { Order, OrderRefund } from '@torget/shared/api-types.generated';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderRefunds } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { orderRefundRequestId, refundOrder } from '#api/modules/refunds/refunds.service.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let paypal: PaypalStandin;
let anna: Session;
let kim: Session;
let admin: Session;
let stranger: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Ada Admin', true);
  stranger = await customer(t, 'Sam Främling');
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, who: Session, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

const refund = (orderId: string, who: Session, payload: object) =>
  call('POST', `/api/orders/${orderId}/refunds`, who, payload);

/**
 * An order of SEK 398.00 from Anna (plan 2, commission 5 %): 2 × Vas at 100.00 with 49.00
 * shipping each (298.00) and 1 × Skål at 100.00 with no shipping.
 */
async function order(method: 'PayPal' | 'Swish'): Promise<{ order: Order; vase: string; bowl: string }> {
  const vase = await product(t, anna.id, { name: 'Vas', priceOre: 10_000, shippingPriceOre: 4_900, countInStock: 10 });
  const bowl = await product(t, anna.id, { name: 'Skål', priceOre: 10_000, shippingPriceOre: 0, countInStock: 10 });
  const placed = await placeOrder(
    t,
    kim,
    [
      { product: vase.id, qty: 2 },
      { product: bowl.id, qty: 1 },
    ],
    method,
  );
  return { order: placed, vase: vase.id, bowl: bowl.id };
}

/** Pays a PayPal order through the stand-in as the buyer's browser does; answers the capture id. */
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

const entriesOf = (orderId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, amountOre: ledgerEntries.amountOre, bookingKey: ledgerEntries.bookingKey })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

const refundEntriesOf = (orderId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, amountOre: ledgerEntries.amountOre })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), like(ledgerEntries.bookingKey, 'refund:%')))
    .orderBy(ledgerEntries.id);

const sum = (rows: { amountOre: number }[]) => rows.reduce((s, r) => s + r.amountOre, 0);

const readOrder = async (orderId: string, who: Session = kim): Promise<Order> => {
  const res = await call('GET', `/api/orders/${orderId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
};

describe('a PayPal order', () => {
  it('is refunded in part through PayPal: the body PayPal gets, the refund on the order, the ledger', async () => {
    const { order: placed, vase } = await order('PayPal');
    expect(placed.totalPrice).toBe(398);
    const captureId = await payByPaypal(placed._id);

    const res = await refund(placed._id, anna, {
      amount: 149,
      lines: [{ product: vase, qty: 1 }],
      note: 'En vas kom trasig.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { message: string; order: Order; refund: OrderRefund };
    expect(body.message).toBe('Order was refunded.');
    expect(body.refund).toEqual({
      _id: expect.any(String),
      amount: 149,
      lines: [{ product: vase, name: 'Vas', qty: 1 }],
      note: 'En vas kom trasig.',
      method: 'PayPal',
      refundedAt: expect.any(String),
      status: 'completed',
    });
    expect(body.order.refundedPrice).toBe(149);
    expect(body.order.refunds).toEqual([body.refund]);

    // PayPal was asked once, for SEK 149.00 of this capture, with our order id as the invoice id.
    const requests = paypal.refundRequests.filter((r) => r.captureId === captureId);
    expect(requests).toEqual([
      {
        captureId,
        requestId: orderRefundRequestId(placed._id, 1, 14_900),
        body: {
          amount: { currency_code: 'SEK', value: '149.00' },
          invoice_id: placed._id,
          note_to_payer: `Torget: refund for order ${placed.orderNumber}.`,
        },
      },
    ]);
    const [made] = [...paypal.refunds.values()].filter((r) => r.captureId === captureId);
    expect(made?.amount).toEqual({ currency_code: 'SEK', value: '149.00' });
    const [stored] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed._id));
    expect(stored?.paypalRefundId).toBe(made?.id);

    // The buyer sees it on the order and in their list; the seller in theirs.
    const seen = await readOrder(placed._id);
    expect(seen.refundedPrice).toBe(149);
    expect(seen.refunds).toEqual([body.refund]);
    const mine = await call('GET', '/api/orders/mine', kim);
    expect((mine.json() as Order[]).find((o) => o._id === placed._id)?.refundedPrice).toBe(149);
    const incoming = await call('GET', '/api/orders', anna);
    expect((incoming.json() as Order[]).find((o) => o._id === placed._id)?.refunds).toHaveLength(1);

    // Ledger: the sale booked +398.00, −19.90 commission, −4.98 moms; the refund reverses 149/398 of each.
    expect(await refundEntriesOf(placed._id)).toEqual([
      { kind: 'refund', amountOre: -14_900 },
      { kind: 'commission', amountOre: 745 }, // 1 990 × 149/398
      { kind: 'commission_vat', amountOre: 186 }, // 498 × 149/398 = 186.4 → 186
    ]);
    expect(sum(await entriesOf(placed._id))).toBe(39_800 - 1_990 - 498 - 14_900 + 745 + 186);
  });

  it('refunded in full over two refunds: PayPal sees both, and the order’s entries sum to 0', async () => {
    const { order: placed } = await order('PayPal');
    const captureId = await payByPaypal(placed._id);
    expect((await refund(placed._id, anna, { amount: 100.01 })).statusCode).toBe(201);
    const rest = await refund(placed._id, admin, { amount: 297.99 });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((rest.json() as { order: Order }).order.refundedPrice).toBe(398);
    expect(paypal.refundRequests.filter((r) => r.captureId === captureId).map((r) => r.body)).toEqual([
      expect.objectContaining({ amount: { currency_code: 'SEK', value: '100.01' } }),
      expect.objectContaining({ amount: { currency_code: 'SEK', value: '297.99' } }),
    ]);
    expect(sum(await entriesOf(placed._id))).toBe(0);
    // Nothing is left: a further refund is a 409 and PayPal is not asked.
    const more = await refund(placed._id, anna, { amount: 0.01 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: 'This order has been refunded in full already.' });
    expect(paypal.refundRequests.filter((r) => r.captureId === captureId)).toHaveLength(2);
  });

  it('a refund PayPal refuses is recorded nowhere', async () => {
    const { order: placed } = await order('PayPal');
    await payByPaypal(placed._id);
    paypal.failRefunds({ status: 422, issue: 'REFUND_NOT_ALLOWED' });
    try {
      const res = await refund(placed._id, anna, { amount: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('REFUND_NOT_ALLOWED');
      paypal.failRefunds({ status: 503 });
      expect((await refund(placed._id, anna, { amount: 10 })).statusCode).toBe(502);
    } finally {
      paypal.failRefunds(null);
    }
    expect(await refundEntriesOf(placed._id)).toEqual([]);
    expect((await readOrder(placed._id)).refunds).toEqual([]);
  });

  it('a retry of a refund whose record was lost is refunded once by PayPal (same PayPal-Request-Id)', async () => {
    const { order: placed } = await order('PayPal');
    const captureId = await payByPaypal(placed._id);
    // PayPal refunded, but our side kept nothing (a transaction that did not commit): PayPal has
    // the request id of this order's first refund of SEK 50.00 on record.
    const first = await paypal.refundCaptureDirectly(captureId, orderRefundRequestId(placed._id, 1, 5_000), '50.00');
    const res = await refund(placed._id, anna, { amount: 50 });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed._id));
    expect(stored?.paypalRefundId).toBe(first.id);
    expect([...paypal.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
  });
});

describe('the cap: never more than was paid, across all refunds', () => {
  it('refuses a refund above what is left with 409, changing nothing', async () => {
    const { order: placed } = await order('Swish');
    await markSwishPaid(placed._id);
    expect((await refund(placed._id, anna, { amount: 300 })).statusCode).toBe(201);
    const before = await entriesOf(placed._id);
    const over = await refund(placed._id, anna, { amount: 98.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'A refund can be at most SEK 98.00, what is left of the payment on this order.',
    });
    expect(await entriesOf(placed._id)).toEqual(before);
    expect((await readOrder(placed._id)).refundedPrice).toBe(300);
  });

  it('of two refunds at once that together exceed the payment, one is refused (409)', async () => {
    for (const method of ['PayPal', 'Swish'] as const) {
      const { order: placed } = await order(method);
      if (method === 'PayPal') await payByPaypal(placed._id);
      else await markSwishPaid(placed._id);
      const answers = await Promise.all([
        refund(placed._id, anna, { amount: 250 }),
        refund(placed._id, admin, { amount: 250 }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refunds = (await readOrder(placed._id)).refunds ?? [];
      expect(refunds.map((r) => r.amount)).toEqual([250]);
      expect(sum(await refundEntriesOf(placed._id))).toBe(
        // 1 990 × 250/398 = 1 250; 498 × 250/398 = 312.8 → 313
        method === 'PayPal' ? -25_000 + 1_250 + 313 : 1_250 + 313,
      );
    }
  });

  it('through the service, two refunds at once of a withdrawal are one refund', async () => {
    const { order: placed } = await order('Swish');
    await markSwishPaid(placed._id);
    const withdrawalId = '6f1d2f4e-0000-4000-8000-000000000001';
    const request = { orderId: placed._id, amountOre: 10_000, withdrawalId, actorId: anna.id };
    const [a, b] = await Promise.all([
      refundOrder(t.database.db, request, null),
      refundOrder(t.database.db, request, null),
    ]);
    expect(a.refund.id).toBe(b.refund.id);
    expect([a.isNew, b.isNew].sort()).toEqual([false, true]);
    expect((await readOrder(placed._id)).refundedPrice).toBe(100);
  });
});

describe('a Swish order', () => {
  it('is marked refunded with the day the seller refunded; the ledger gives back commission and moms', async () => {
    const { order: placed, vase, bowl } = await order('Swish');
    await markSwishPaid(placed._id);
    const res = await refund(placed._id, anna, {
      amount: 100,
      lines: [{ product: bowl, qty: 1 }],
      refunded_at: '2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = (res.json() as { refund: OrderRefund }).refund;
    expect(made).toMatchObject({ method: 'Swish', status: 'completed', refundedAt: '2026-11-21T00:00:00.000Z' });
    expect(await refundEntriesOf(placed._id)).toEqual([
      { kind: 'commission', amountOre: 500 }, // 1 990 × 100/398
      { kind: 'commission_vat', amountOre: 125 }, // 498 × 100/398 = 125.1 → 125
    ]);
    // Per line: the bowl (1 ordered) cannot be refunded again; the vases can, twice.
    const again = await refund(placed._id, anna, { amount: 1, lines: [{ product: bowl, qty: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('lines: Skål can be refunded 0 more at most.');
    expect((await refund(placed._id, anna, { amount: 1, lines: [{ product: vase, qty: 3 }] })).statusCode).toBe(409);
    expect((await refund(placed._id, anna, { amount: 1, lines: [{ product: vase, qty: 2 }] })).statusCode).toBe(201);
    // Once refunded, the paid tick stays: unticking would reverse the sale a second time.
    const untick = await call('PUT', `/api/orders/${placed._id}/update`, anna, {
      is_paid: false,
      paid_date: '',
      is_delivered: false,
      delivered_date: '',
    });
    expect(untick.statusCode).toBe(409);
    expect((await readOrder(placed._id)).isPaid).toBe(true);
  });

  it('is refunded today when no day is given; a day after today, or a day for PayPal, is a 400', async () => {
    const { order: placed } = await order('Swish');
    await markSwishPaid(placed._id);
    const future = await refund(placed._id, anna, { amount: 1, refunded_at: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toContain('refunded_at');
    const today = await refund(placed._id, anna, { amount: 1 });
    expect(today.statusCode).toBe(201);
    const at = Date.parse((today.json() as { refund: OrderRefund }).refund.refundedAt);
    expect(Math.abs(at - Date.now())).toBeLessThan(60 * 60_000);

    const { order: byPaypal } = await order('PayPal');
    await payByPaypal(byPaypal._id);
    const dated = await refund(byPaypal._id, anna, { amount: 1, refunded_at: '2026-11-21' });
    expect(dated.statusCode).toBe(400);
    expect(dated.json().message).toContain('refunded_at');
  });
});

describe('refusals', () => {
  it('bad input is a 400 naming the field, and nothing is refunded', async () => {
    const { order: placed } = await order('Swish');
    await markSwishPaid(placed._id);
    const cases: [object, string][] = [
      [{}, 'amount'],
      [{ amount: '10' }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1.001 }, 'amount'],
      [{ amount: 1, lines: 'all' }, 'lines'],
      [{ amount: 1, lines: [{ product: 'x', qty: 1 }] }, 'lines'],
      [{ amount: 1, lines: [{ product: placed.orderItems[0]?.product, qty: 0 }] }, 'lines'],
      [{ amount: 1, lines: [{ product: '6f1d2f4e-0000-4000-8000-00000000abcd', qty: 1 }] }, 'lines'],
      [{ amount: 1, note: 'x'.repeat(501) }, 'note'],
      [{ amount: 1, refunded_at: '2026-02-30' }, 'refunded_at'],
    ];
    for (const [payload, field] of cases) {
      const res = await refund(placed._id, anna, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(field);
    }
    expect((await readOrder(placed._id)).refunds).toEqual([]);
  });

  it('an unpaid order cannot be refunded (409)', async () => {
    const { order: placed } = await order('Swish');
    const res = await refund(placed._id, anna, { amount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Only a paid order can be refunded.' });
  });

  it('is the seller’s or an admin’s: the buyer is refused (403), strangers find no order (404)', async () => {
    const { order: placed } = await order('Swish');
    await markSwishPaid(placed._id);
    expect((await refund(placed._id, kim, { amount: 1 })).statusCode).toBe(403);
    expect((await refund(placed._id, stranger, { amount: 1 })).statusCode).toBe(404);
    expect((await refund('not-an-id', anna, { amount: 1 })).statusCode).toBe(404);
    expect((await refund('6f1d2f4e-0000-4000-8000-000000000999', anna, { amount: 1 })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/refunds`,
      payload: { amount: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await refund(placed._id, admin, { amount: 1 })).statusCode).toBe(201);
    expect((await readOrder(placed._id)).refunds).toHaveLength(1);
  });
});
