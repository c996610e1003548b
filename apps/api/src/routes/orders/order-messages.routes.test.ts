/** The thread on an order: GET and POST /api/orders/{id}/messages, and the unread counts. */
import type { Order, OrderMessage } from '@torget/shared/api-types.generated';
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

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  stranger = await customer(t, 'Främling');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

async function freshOrder(): Promise<Order> {
  const p = await product(t, anna.id, { countInStock: 10 });
  return placeOrder(t, kim, [{ product: p.id, qty: 1 }]);
}

const write = (order: Order, who: Session | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order._id}/messages`,
    headers: who ? bearer(who.token) : {},
    payload,
  });
const read = (order: Order, who: Session | null) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/messages`, headers: who ? bearer(who.token) : {} });
const get = async <T>(url: string, who: Session) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(who.token) })).json() as T;

describe('the thread on an order', () => {
  it('lets the buyer ask and the seller answer, newest last, with who wrote each', async () => {
    const order = await freshOrder();
    const asked = await write(order, kim, { text: '  Hej! Finns den i blått? https://example.se/blå  ' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      author: { _id: kim.id, name: 'Kim Köpare', role: 'buyer' },
      text: 'Hej! Finns den i blått? https://example.se/blå',
    });
    expect((await write(order, anna, { text: 'Ja, i morgon.' })).statusCode).toBe(201);
    expect((await write(order, admin, { text: 'Admin här <3' })).statusCode).toBe(201);
    for (const who of [kim, anna, admin]) {
      const res = await read(order, who);
      expect(res.statusCode).toBe(200);
      const thread = res.json() as OrderMessage[];
      expect(thread.map((m) => [m.author.role, m.text])).toEqual([
        ['buyer', 'Hej! Finns den i blått? https://example.se/blå'],
        ['seller', 'Ja, i morgon.'],
        ['admin', 'Admin här <3'],
      ]);
    }
  });

  it('is nobody else’s: 404 for another seller and a stranger, 401 signed out, and nothing is written', async () => {
    const order = await freshOrder();
    for (const who of [bosse, stranger]) {
      expect((await read(order, who)).statusCode).toBe(404);
      const res = await write(order, who, { text: 'Hej' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order Not Found' });
    }
    expect((await read(order, null)).statusCode).toBe(401);
    expect((await write(order, null, { text: 'Hej' })).statusCode).toBe(401);
    expect((await read(order, kim)).json()).toEqual([]);
  });

  it('answers 400 naming the field for empty, too long or HTML text', async () => {
    const order = await freshOrder();
    for (const payload of [
      {},
      { text: '   ' },
      { text: 'x'.repeat(2001) },
      { text: 'Se <a href="x">här</a>' },
      { text: 5 },
    ]) {
      const res = await write(order, kim, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain('text');
    }
    expect((await write(order, kim, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('counts unread messages on the order and the lists until the reader opens the thread', async () => {
    const order = await freshOrder();
    await write(order, kim, { text: 'Fråga ett' });
    await write(order, kim, { text: 'Fråga två' });
    const unreadOf = (orders: Order[]) => orders.find((o) => o._id === order._id)?.unreadMessages;
    expect(unreadOf(await get<Order[]>(`/api/orders?seller=${anna.id}`, anna))).toBe(2);
    expect((await get<Order>(`/api/orders/${order._id}`, anna)).unreadMessages).toBe(2);
    // The writer has nothing unread of their own.
    expect(unreadOf(await get<Order[]>('/api/orders/mine', kim))).toBe(0);
    await read(order, anna);
    expect(unreadOf(await get<Order[]>(`/api/orders?seller=${anna.id}`, anna))).toBe(0);
    await write(order, anna, { text: 'Svar' });
    expect(unreadOf(await get<Order[]>('/api/orders/mine', kim))).toBe(1);
    expect((await get<Order>(`/api/orders/${order._id}`, kim)).unreadMessages).toBe(1);
  });

  it('goes with the order when a Swish order is deleted', async () => {
    const order = await freshOrder();
    await write(order, kim, { text: 'Jag ångrar mig' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order._id}`,
      headers: bearer(kim.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await read(order, kim)).statusCode).toBe(404);
  });
});
