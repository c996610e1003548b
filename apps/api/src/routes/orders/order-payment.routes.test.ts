import type { Order } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let paypal: PaypalStandin;
let seller: Session;
let buyer: Session;
let stranger: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  seller = await shop(t, { name: 'Annas Ateljé' });
  buyer = await customer(t, 'Kim Köpare');
  stranger = await customer(t, 'Främling');
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

/** A PayPal order of SEK 407.00 (2 × 129.50 + 1 × 50.00, shipping 2 × 49.00). */
async function paypalOrder(): Promise<Order> {
  const lamp = await product(t, seller.id, { priceOre: 12_950, shippingPriceOre: 4_900, countInStock: 10 });
  const bowl = await product(t, seller.id, { priceOre: 5_000, countInStock: 10 });
  return placeOrder(
    t,
    buyer,
    [
      { product: lamp.id, qty: 2 },
      { product: bowl.id, qty: 1 },
    ],
    'PayPal',
  );
}

const startPayment = (orderId: string, who: Session = buyer) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/paypal`, headers: bearer(who.token) });

/** The PayPal order id our server created for the order. */
async function paypalIdFor(orderId: string): Promise<string> {
  const res = await startPayment(orderId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** What the JS SDK's onApprove hands the page after capturing. */
const pay = (orderId: string, paypalId: string, who: Session = buyer, path = 'pay') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/${path}`,
    headers: bearer(who.token),
    payload: {
      id: paypalId,
      status: 'COMPLETED',
      update_time: '2026-01-01T00:00:00Z',
      payer: { email_address: 'spoofed@example.se' },
    },
  });

async function expectUnpaid(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(row).toMatchObject({ isPaid: false, paidAt: null, paypalCaptureId: null });
}

describe('starting a PayPal payment', () => {
  it('creates the PayPal order from the stored total, in SEK, with our order id', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    const created = paypal.orders.get(id);
    expect(created?.intent).toBe('CAPTURE');
    expect(created?.purchase_units[0]).toMatchObject({
      custom_id: order._id,
      amount: { currency_code: 'SEK', value: '407.00' },
    });
  });

  it('is for the buyer of an unpaid PayPal order only', async () => {
    const order = await paypalOrder();
    expect((await startPayment(order._id, seller)).statusCode).toBe(403);
    expect((await startPayment(order._id, stranger)).statusCode).toBe(404);
    const lamp = await product(t, seller.id);
    const swish = await placeOrder(t, buyer, [{ product: lamp.id, qty: 1 }], 'Swish');
    const res = await startPayment(swish._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('paid by Swish');
  });
});

describe('verifying a PayPal payment', () => {
  it('marks the order paid after PayPal confirms it, once, and answers the paid order again', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    paypal.complete(id, { payerEmail: 'kim@example.se' });
    const first = await pay(order._id, id);
    expect(first.statusCode, first.body).toBe(200);
    const paid = first.json() as Order;
    expect(paid).toMatchObject({
      _id: order._id,
      isPaid: true,
      paymentResult: { id, status: 'COMPLETED', email_address: 'kim@example.se' },
    });
    expect(paid.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const captureId = paypal.orders.get(id)?.purchase_units[0]?.payments?.captures[0]?.id;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.paypalCaptureId).toBe(captureId);

    const again = await pay(order._id, id, buyer, 'pay/');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    expect((await startPayment(order._id)).json().message).toBe('This order is already paid.');
  });

  it('refuses a payment the buyer has not finished', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    const created = await pay(order._id, id);
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain('PayPal order status CREATED');
    paypal.approve(id);
    expect((await pay(order._id, id)).json().message).toContain('PayPal order status APPROVED');
    await expectUnpaid(order._id);
  });

  it('refuses a capture that is still pending', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    paypal.complete(id, { status: 'PENDING' });
    const res = await pay(order._id, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The PayPal capture is not completed (capture status PENDING).');
    await expectUnpaid(order._id);
  });

  it('refuses a wrong amount, whether PayPal captured less or the buyer made their own PayPal order', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    paypal.complete(id, { amount: { currency_code: 'SEK', value: '406.99' } });
    const less = await pay(order._id, id);
    expect(less.statusCode).toBe(400);
    expect(less.json().message).toBe('The PayPal payment of SEK 406.99 does not match the order total of SEK 407.00.');
    const own = paypal.createCompletedOrder({ customId: order._id, amount: { currency_code: 'SEK', value: '1.00' } });
    expect((await pay(order._id, own.id)).json().message).toContain('SEK 1.00 does not match');
    await expectUnpaid(order._id);
  });

  it('refuses another currency', async () => {
    const order = await paypalOrder();
    const id = await paypalIdFor(order._id);
    paypal.complete(id, { amount: { currency_code: 'EUR', value: '407.00' } });
    const res = await pay(order._id, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The PayPal payment is in EUR, not SEK.');
    await expectUnpaid(order._id);
  });

  it('refuses a payment presented for a second order', async () => {
    const first = await paypalOrder();
    const second = await paypalOrder();
    const id = await paypalIdFor(first._id);
    paypal.complete(id);
    expect((await pay(first._id, id)).statusCode).toBe(200);
    const reused = await pay(second._id, id);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('The PayPal payment belongs to another order.');
    await expectUnpaid(second._id);
  });

  it('refuses a capture id that already paid another order', async () => {
    const first = await paypalOrder();
    const second = await paypalOrder();
    const firstId = await paypalIdFor(first._id);
    paypal.complete(firstId);
    expect((await pay(first._id, firstId)).statusCode).toBe(200);
    const usedCapture = paypal.orders.get(firstId)?.purchase_units[0]?.payments?.captures[0]?.id;
    const secondId = await paypalIdFor(second._id);
    paypal.complete(secondId, { captureId: usedCapture });
    const res = await pay(second._id, secondId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This PayPal payment has already paid another order.');
    await expectUnpaid(second._id);
  });

  it('refuses unknown and malformed PayPal ids, other users and Swish orders', async () => {
    const order = await paypalOrder();
    expect((await pay(order._id, 'UNKNOWN0000000000')).json().message).toBe('PayPal does not know this payment.');
    expect((await pay(order._id, '../../v1/oauth2/token')).statusCode).toBe(400);
    const id = await paypalIdFor(order._id);
    paypal.complete(id);
    expect((await pay(order._id, id, seller)).statusCode).toBe(403);
    expect((await pay(order._id, id, stranger)).statusCode).toBe(404);
    await expectUnpaid(order._id);
    const lamp = await product(t, seller.id);
    const swish = await placeOrder(t, buyer, [{ product: lamp.id, qty: 1 }], 'Swish');
    expect((await pay(swish._id, id)).statusCode).toBe(400);
  });
});

describe('without PayPal credentials', () => {
  it('answers 503 with a clear message', async () => {
    const bare = await createTestApp();
    try {
      const s = await shop(bare);
      const b = await customer(bare);
      const p = await product(bare, s.id);
      const order = await placeOrder(bare, b, [{ product: p.id, qty: 1 }], 'PayPal');
      const started = await bare.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/paypal`,
        headers: bearer(b.token),
      });
      expect(started.statusCode).toBe(503);
      expect(started.json().message).toContain('PayPal is not configured');
      const paid = await bare.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/pay`,
        headers: bearer(b.token),
        payload: { id: 'ABC123' },
      });
      expect(paid.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
