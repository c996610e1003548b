import type { Order, UserDetails } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop, stockOf } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;
let lo: Session;
let stranger: Session;
let admin: Session;

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  lo = await customer(t, 'Lo Larsson');
  stranger = await customer(t, 'Främling');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

/** A one-line order of a fresh product of the seller. */
async function orderFrom(seller: Session, buyer: Session, method: 'PayPal' | 'Swish' = 'Swish', qty = 1) {
  const p = await product(t, seller.id, { countInStock: 10 });
  return { order: await placeOrder(t, buyer, [{ product: p.id, qty }], method), productId: p.id };
}

describe('reading an order', () => {
  it('shows it to the buyer, the seller and admins; to anyone else it does not exist', async () => {
    const { order } = await orderFrom(anna, kim);
    for (const who of [kim, anna, admin]) {
      const res = await call('GET', `/api/orders/${order._id}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(order);
    }
    for (const who of [lo, bosse, stranger]) {
      const res = await call('GET', `/api/orders/${order._id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order Not Found' });
    }
    expect((await call('GET', `/api/orders/${order._id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/abc', kim)).statusCode).toBe(404);
    expect((await call('GET', '/api/orders/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });
});

describe('order lists', () => {
  let kimsOrders: Order[];
  let losOrder: Order;

  beforeAll(async () => {
    const first = (await orderFrom(anna, kim)).order;
    const second = (await orderFrom(bosse, kim, 'PayPal')).order;
    kimsOrders = [second, first];
    losOrder = (await orderFrom(anna, lo)).order;
  });

  it('lists the buyer’s own orders, newest first', async () => {
    const res = await call('GET', '/api/orders/mine', kim);
    expect(res.statusCode).toBe(200);
    const mine = res.json() as Order[];
    expect(mine.every((o) => o.user === kim.id)).toBe(true);
    expect(mine.slice(0, 2).map((o) => o._id)).toEqual(kimsOrders.map((o) => o._id));
    const dates = mine.map((o) => o.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await call('GET', '/api/orders/mine', null)).statusCode).toBe(401);
  });

  it('gives admins every order, or one seller’s, with the buyer’s name', async () => {
    const all = (await call('GET', '/api/orders?seller=', admin)).json() as Order[];
    const ids = all.map((o) => o._id);
    expect(ids).toEqual(expect.arrayContaining([...kimsOrders.map((o) => o._id), losOrder._id]));
    expect(all.find((o) => o._id === losOrder._id)?.user).toEqual({ _id: lo.id, name: 'Lo Larsson' });
    const bosses = (await call('GET', `/api/orders?seller=${bosse.id}`, admin)).json() as Order[];
    expect(bosses.length).toBeGreaterThan(0);
    expect(bosses.every((o) => o.seller._id === bosse.id)).toBe(true);
  });

  it('gives a seller only their incoming orders', async () => {
    for (const url of [`/api/orders?seller=${anna.id}`, '/api/orders']) {
      const res = await call('GET', url, anna);
      expect(res.statusCode).toBe(200);
      const incoming = res.json() as Order[];
      expect(incoming.map((o) => o._id)).toContain(losOrder._id);
      expect(incoming.every((o) => o.seller._id === anna.id)).toBe(true);
    }
    expect((await call('GET', `/api/orders?seller=${bosse.id}`, anna)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders?seller=', kim)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders?seller=${anna.id}`, kim)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders?seller=nope', admin)).statusCode).toBe(400);
  });
});

describe('updating a Swish order', () => {
  const paid = { is_paid: true, paid_date: '2026-03-05', is_delivered: false, delivered_date: '' };

  it('lets the seller mark paid and delivered with dates, and untick them again', async () => {
    const { order } = await orderFrom(anna, kim);
    const url = `/api/orders/${order._id}/update`;
    const res = await call('PUT', url, anna, paid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: order._id, isPaid: true, paidAt: '2026-03-05T00:00:00.000Z' });
    const both = await call('PUT', url, anna, { ...paid, is_delivered: true, delivered_date: '2026-03-07T09:30:00Z' });
    expect(both.json()).toMatchObject({ isDelivered: true, deliveredAt: '2026-03-07T09:30:00.000Z' });
    const cleared = await call('PUT', url, admin, { is_paid: false, is_delivered: false });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ isPaid: false, paidAt: null, isDelivered: false, deliveredAt: null });
  });

  it('needs the dates, with the spec messages', async () => {
    const { order } = await orderFrom(anna, kim);
    const url = `/api/orders/${order._id}/update`;
    const noPaidDate = await call('PUT', url, anna, { ...paid, paid_date: '' });
    expect(noPaidDate.statusCode).toBe(400);
    expect(noPaidDate.json().message).toContain('Please enter the payment date.');
    const noDeliveryDate = await call('PUT', url, anna, { ...paid, is_delivered: true });
    expect(noDeliveryDate.json().message).toContain('Please enter the delivery date.');
    expect((await call('GET', `/api/orders/${order._id}`, kim)).json()).toMatchObject({ isPaid: false });
  });

  it('refuses the buyer, other users and PayPal orders', async () => {
    const { order } = await orderFrom(anna, kim);
    const url = `/api/orders/${order._id}/update`;
    expect((await call('PUT', url, kim, paid)).statusCode).toBe(403);
    expect((await call('PUT', url, bosse, paid)).statusCode).toBe(404);
    expect((await call('PUT', url, null, paid)).statusCode).toBe(401);
    const paypalOrder = (await orderFrom(anna, kim, 'PayPal')).order;
    const res = await call('PUT', `/api/orders/${paypalOrder._id}/update`, anna, paid);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Only Swish orders');
  });
});

describe('deleting an order', () => {
  it('lets the buyer, the seller or an admin delete an unpaid Swish order, and gives the stock back', async () => {
    for (const who of [kim, anna, admin]) {
      const { order, productId } = await orderFrom(anna, kim, 'Swish', 3);
      expect(await stockOf(t, productId)).toBe(7);
      const res = await call('DELETE', `/api/orders/${order._id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Order was deleted.' });
      expect(await stockOf(t, productId)).toBe(10);
      expect((await call('GET', `/api/orders/${order._id}`, kim)).statusCode).toBe(404);
    }
  });

  it('refuses other users as if the order did not exist', async () => {
    const { order } = await orderFrom(anna, kim);
    for (const who of [lo, bosse]) expect((await call('DELETE', `/api/orders/${order._id}`, who)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/orders/${order._id}`, null)).statusCode).toBe(401);
  });

  it('refuses PayPal orders and paid or delivered ones, and keeps them', async () => {
    const paypalOrder = (await orderFrom(anna, kim, 'PayPal')).order;
    const paidOrder = (await orderFrom(anna, kim)).order;
    const deliveredOrder = (await orderFrom(anna, kim)).order;
    await t.database.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.id, paidOrder._id));
    await t.database.db
      .update(orders)
      .set({ isDelivered: true, deliveredAt: new Date() })
      .where(eq(orders.id, deliveredOrder._id));
    const [viaPaypal, whenPaid, whenDelivered] = await Promise.all(
      [paypalOrder, paidOrder, deliveredOrder].map((o) => call('DELETE', `/api/orders/${o._id}`, kim)),
    );
    expect(viaPaypal?.statusCode).toBe(400);
    expect(viaPaypal?.json().message).toContain('Only Swish orders can be deleted.');
    expect(whenPaid?.json().message).toBe('A paid or delivered order cannot be deleted.');
    expect(whenDelivered?.statusCode).toBe(400);
    for (const o of [paypalOrder, paidOrder, deliveredOrder]) {
      expect((await call('GET', `/api/orders/${o._id}`, kim)).statusCode).toBe(200);
    }
  });

  it('restores the stock of the products that still exist', async () => {
    const kept = await product(t, anna.id, { name: 'Kvar', countInStock: 4 });
    const removed = await product(t, anna.id, { name: 'Borttagen', countInStock: 4 });
    const order = await placeOrder(t, kim, [
      { product: kept.id, qty: 2 },
      { product: removed.id, qty: 1 },
    ]);
    await t.database.db.delete(products).where(eq(products.id, removed.id));
    expect((await call('DELETE', `/api/orders/${order._id}`, kim)).statusCode).toBe(200);
    expect(await stockOf(t, kept.id)).toBe(4);
  });
});

describe('PUT /api/users/save_shipping_address', () => {
  const address = {
    shipping_full_name: 'Lo Larsson',
    shipping_address: 'Kungsgatan 2',
    shipping_postal_code: '111 22',
    shipping_city: 'Stockholm',
    shipping_country: 'Sverige',
  };

  it('saves the signed-in user’s address, whatever _id the payload names', async () => {
    const res = await call('PUT', '/api/users/save_shipping_address', lo, { _id: kim.id, ...address });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as UserDetails).toMatchObject({ _id: lo.id, ...address });
    const [kimRow] = await t.database.db.select().from(users).where(eq(users.id, kim.id));
    expect(kimRow?.shippingCity).toBeNull();
  });

  it('needs all five fields and a session', async () => {
    const res = await call('PUT', '/api/users/save_shipping_address', lo, { ...address, shipping_country: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Country is required.');
    expect((await call('PUT', '/api/users/save_shipping_address', null, address)).statusCode).toBe(401);
  });
});
