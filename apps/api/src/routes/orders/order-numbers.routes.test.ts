import type { Order } from '@torget/shared/api-types.generated';
import { parseOrderNumber } from '@torget/shared/rules/order-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  customer,
  placeOrder,
  postOrder,
  product,
  type Session,
  settle,
  shop,
} from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

// Every order has a human number, `T-100001`, sequential and unique, in every answer
// and both mails; GET /api/orders/{id} takes it as well as the id.

let t: TestApp;
let anna: Session;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  buyer = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Ada Admin', true);
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const numberOf = (order: Order) => parseOrderNumber(order.orderNumber);

describe('order numbers', () => {
  it('are in the answer of placing, reading, the lists and both mails', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa', countInStock: 10 });
    const placed = await placeOrder(t, buyer, [{ product: lamp.id, qty: 1 }]);
    expect(placed.orderNumber).toMatch(/^T-\d{6,}$/);
    expect(numberOf(placed)).toBeGreaterThanOrEqual(100_001);

    const read = await get(buyer.token, `/api/orders/${placed._id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ _id: placed._id, orderNumber: placed.orderNumber });

    for (const [token, url] of [
      [buyer.token, '/api/orders/mine'],
      [anna.token, `/api/orders?seller=${anna.id}`],
      [admin.token, '/api/orders'],
    ] as const) {
      const list = await get(token, url);
      expect(list.statusCode, list.body).toBe(200);
      const mine = (list.json() as Order[]).find((order) => order._id === placed._id);
      expect(mine?.orderNumber, url).toBe(placed.orderNumber);
    }

    await settle();
    const toBuyer = t.mails.find((mail) => mail.to === buyer.email && mail.text.includes(placed._id));
    const toSeller = t.mails.find((mail) => mail.to === anna.email && mail.text.includes(placed._id));
    for (const mail of [toBuyer, toSeller]) {
      expect(mail?.subject).toContain(placed.orderNumber);
      expect(mail?.text).toContain(`Ordernummer / Order number: ${placed.orderNumber}`);
    }
  });

  it('read an order by its number for whoever may see it, and for nobody else', async () => {
    const mug = await product(t, anna.id, { name: 'Mugg', countInStock: 10 });
    const placed = await placeOrder(t, buyer, [{ product: mug.id, qty: 1 }]);
    for (const key of [placed.orderNumber, placed.orderNumber.toLowerCase()]) {
      for (const token of [buyer.token, anna.token, admin.token]) {
        const res = await get(token, `/api/orders/${key}`);
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as Order)._id).toBe(placed._id);
      }
    }
    const stranger = await customer(t, 'Främling');
    expect((await get(stranger.token, `/api/orders/${placed.orderNumber}`)).statusCode).toBe(404);
    // An unused number and a malformed one are simply not found.
    expect((await get(buyer.token, '/api/orders/T-999999999')).statusCode).toBe(404);
    expect((await get(buyer.token, '/api/orders/T-12x')).statusCode).toBe(404);
  });

  it('name an order only for reading: every action still takes the id', async () => {
    const bowl = await product(t, anna.id, { name: 'Skål', countInStock: 10 });
    const placed = await placeOrder(t, buyer, [{ product: bowl.id, qty: 1 }]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${placed.orderNumber}`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(404);
    expect((await get(buyer.token, `/api/orders/${placed._id}`)).statusCode).toBe(200);
  });

  it('are unique and follow each other when many orders are placed at once', async () => {
    const stocked = await product(t, anna.id, { name: 'Populär', countInStock: 100 });
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => customer(t, `Köpare ${i}`)));
    const before = numberOf(await placeOrder(t, buyer, [{ product: stocked.id, qty: 1 }])) ?? 0;
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        postOrder(t, buyers[i % buyers.length]?.token ?? null, {
          orderItems: [{ product: stocked.id, qty: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'Swish',
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const numbers = results.map((res) => numberOf((res.json() as { order: Order }).order) ?? 0);
    expect(new Set(numbers).size).toBe(24);
    // Every insert succeeded, so the sequence left no gap: the next 24 numbers, in some order.
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => before + 1 + i));
  });
});

describe('product numbers on the order’s lines', () => {
  it('are in the answer of placing, reading and the lists, and null once the product is deleted', async () => {
    const cup = await product(t, anna.id, { name: 'Kopp', countInStock: 10 });
    const plate = await product(t, anna.id, { name: 'Tallrik', countInStock: 10 });
    expect(cup.number).not.toBe(plate.number);
    const placed = await placeOrder(t, buyer, [
      { product: cup.id, qty: 1 },
      { product: plate.id, qty: 2 },
    ]);
    const numbers = (order: Order) => order.orderItems.map((item) => [item.name, item.productNumber]);
    const expected = [
      ['Kopp', cup.number],
      ['Tallrik', plate.number],
    ];
    expect(numbers(placed)).toEqual(expected);
    const read = (await get(buyer.token, `/api/orders/${placed._id}`)).json() as Order;
    expect(numbers(read)).toEqual(expected);
    const mine = (await get(buyer.token, '/api/orders/mine')).json() as Order[];
    expect(numbers(mine.find((o) => o._id === placed._id) as Order)).toEqual(expected);
    const incoming = (await get(anna.token, '/api/orders')).json() as Order[];
    expect(numbers(incoming.find((o) => o._id === placed._id) as Order)).toEqual(expected);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${plate.id}`,
      headers: bearer(anna.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await get(buyer.token, `/api/orders/${placed._id}`)).json() as Order;
    expect(numbers(after)).toEqual([
      ['Kopp', cup.number],
      ['Tallrik', null],
    ]);
  });
});
