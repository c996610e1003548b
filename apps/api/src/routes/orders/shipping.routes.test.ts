/** PUT /api/orders/{id}/ship: the seller (or an admin) ships with a carrier and a tracking number. */
import type { Order, ProductDetails } from '@torget/shared/api-types.generated';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;
let stranger: Session;
let admin: Session;

const call = (method: 'GET' | 'PUT', url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  stranger = await customer(t, 'Främling');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

async function freshOrder(method: 'PayPal' | 'Swish' = 'Swish'): Promise<Order> {
  const p = await product(t, anna.id, { countInStock: 10 });
  return placeOrder(t, kim, [{ product: p.id, qty: 1 }], method);
}

const ship = (order: Order, who: Session | null, payload: object) =>
  call('PUT', `/api/orders/${order._id}/ship`, who, payload);

describe('shipping an order', () => {
  it('records the carrier, the tracking number and the PostNord tracking link on the order', async () => {
    const order = await freshOrder();
    expect(order.shipment).toBeNull();
    const res = await ship(order, anna, { carrier: 'PostNord', tracking_number: ' ab 123 456 789 se ' });
    expect(res.statusCode, res.body).toBe(200);
    const { message, order: shipped } = res.json() as { message: string; order: Order };
    expect(message).toBe('Order was shipped.');
    expect(shipped.shipment).toMatchObject({
      carrier: 'PostNord',
      trackingNumber: 'AB123456789SE',
      trackingUrl: 'https://tracking.postnord.com/se/?id=AB123456789SE',
    });
    expect(Date.parse(shipped.shipment?.shippedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The buyer's order page, the seller's list and the buyer's list carry it.
    const read = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(read.shipment).toEqual(shipped.shipment);
    const incoming = (await call('GET', `/api/orders?seller=${anna.id}`, anna)).json() as Order[];
    expect(incoming.find((o) => o._id === order._id)?.shipment).toEqual(shipped.shipment);
    const mine = (await call('GET', '/api/orders/mine', kim)).json() as Order[];
    expect(mine.find((o) => o._id === order._id)?.shipment).toEqual(shipped.shipment);
  });

  it('keeps the read cache: a shipment and a message show on the order only', async () => {
    const p = await product(t, anna.id, { countInStock: 10, name: 'Cachad vas' });
    const order = await placeOrder(t, kim, [{ product: p.id, qty: 1 }], 'Swish');
    const page = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json() as ProductDetails).name;
    expect(await page()).toBe('Cachad vas');
    // Renamed behind the cache's back (the shared reader counts no write), so only a dropped
    // cache would show the new name.
    await t.database.reader.execute(sql`update products set name = 'Ny vas' where id = ${p.id}`);
    expect((await ship(order, anna, { carrier: 'PostNord', tracking_number: 'AB123456789SE' })).statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/messages`,
      headers: bearer(kim.token),
      payload: { text: 'När kommer den?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await page()).toBe('Cachad vas');
  });

  it('ships with another carrier or without a number, with no link; shipping again corrects it', async () => {
    const order = await freshOrder();
    const first = (await ship(order, anna, { carrier: 'other', tracking_number: 'X-1234' })).json() as { order: Order };
    expect(first.order.shipment).toMatchObject({ carrier: 'other', trackingNumber: 'X-1234', trackingUrl: null });
    const again = await ship(order, anna, { carrier: 'Budbee' });
    expect(again.statusCode).toBe(200);
    const corrected = (again.json() as { order: Order }).order.shipment;
    expect(corrected).toMatchObject({ carrier: 'Budbee', trackingNumber: null, trackingUrl: null });
    // The first shipping date stays.
    expect(corrected?.shippedAt).toBe(first.order.shipment?.shippedAt);
  });

  it('is the seller’s or an admin’s: the buyer is refused, strangers find no order', async () => {
    const order = await freshOrder();
    expect((await ship(order, null, { carrier: 'DHL' })).statusCode).toBe(401);
    const buyer = await ship(order, kim, { carrier: 'DHL' });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toEqual({ message: 'Only the seller of this order can ship it.' });
    for (const who of [bosse, stranger]) {
      const res = await ship(order, who, { carrier: 'DHL' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order Not Found' });
    }
    expect((await ship(order, admin, { carrier: 'DHL', tracking_number: '1234567890' })).statusCode).toBe(200);
    const read = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(read.shipment?.trackingUrl).toBe('https://www.dhl.com/se-sv/home/tracking.html?tracking-id=1234567890');
  });

  it('answers 400 naming the field for a bad carrier or tracking number, and changes nothing', async () => {
    const order = await freshOrder();
    for (const [payload, field] of [
      [{}, 'carrier'],
      [{ carrier: 'Posten' }, 'carrier'],
      [{ carrier: 'PostNord', tracking_number: 'ab' }, 'tracking_number'],
      [{ carrier: 'PostNord', tracking_number: '<script>' }, 'tracking_number'],
      [{ carrier: 'PostNord', tracking_number: 'A'.repeat(41) }, 'tracking_number'],
      [{ carrier: 'PostNord', tracking_number: 42 }, 'tracking_number'],
    ] as const) {
      const res = await ship(order, anna, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
    const read = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(read.shipment).toBeNull();
  });

  it('refuses an unpaid PayPal order with 409; a Swish order ships before it is marked paid', async () => {
    const paypal = await freshOrder('PayPal');
    const res = await ship(paypal, anna, { carrier: 'Bring', tracking_number: 'CS123456789SE' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A PayPal order is shipped once it is paid.' });
    expect((await ship(await freshOrder(), anna, { carrier: 'Bring' })).statusCode).toBe(200);
  });
});
