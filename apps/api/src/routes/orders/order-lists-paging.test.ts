/**
 * The order lists and the admin's user list are paged (50 a page, newest
 * first, `pageNumber`), stay JSON arrays, carry X-Total-Count and Link, and no statement binds
 * one parameter per row however many there are.
 */
import { randomUUID } from 'node:crypto';
import type { Order, UserListEntry } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, users } from '#api/db/schema.ts';
import { customer, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { FIXTURE_PASSWORD_HASH, orderRowValues } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const ORDERS = 120;
const MINUTE = 60_000;

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;
let admin: Session;
/** Anna's orders from Kim, newest first. */
let newestFirst: string[];

/** Writes `n` one-line Swish orders straight to the database, a minute apart. */
async function insertOrders(seller: Session, buyer: Session, n: number, start: number): Promise<string[]> {
  const p = await product(t, seller.id, { countInStock: 1 });
  const rows = Array.from({ length: n }, (_, i) => ({
    ...orderRowValues(buyer.id, seller.id),
    id: randomUUID(),
    createdAt: new Date(start + i * MINUTE),
  }));
  await t.database.db.insert(orders).values(rows);
  await t.database.db.insert(orderItems).values(
    rows.map((row) => ({
      orderId: row.id,
      sellerId: seller.id,
      productId: p.id,
      name: `Line of ${row.id}`,
      image: '',
      qty: 1,
      priceOre: 100,
      shippingPriceOre: 0,
    })),
  );
  return rows.map((row) => row.id).reverse();
}

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Admin Adminsson', true);
  const start = Date.now() - 24 * 60 * MINUTE;
  newestFirst = await insertOrders(anna, kim, ORDERS, start);
  // Bosse's five orders are older than all of Anna's.
  await insertOrders(bosse, kim, 5, start - 10 * MINUTE);
});
afterAll(() => t.close());

const get = (url: string, who: Session) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });

function links(header: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of String(header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match?.[1] && match[2]) found[match[2]] = match[1];
  }
  return found;
}

describe('GET /api/orders (paged)', () => {
  it('answers 50 a page, newest first, with X-Total-Count and Link, as a JSON array', async () => {
    t.database.takeParameterPeak();
    const first = await get(`/api/orders?seller=${anna.id}`, admin);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as Order[];
    expect(Array.isArray(page1)).toBe(true);
    expect(page1.map((o) => o._id)).toEqual(newestFirst.slice(0, 50));
    expect(page1[0]?.orderItems).toEqual([expect.objectContaining({ name: `Line of ${newestFirst[0]}`, qty: 1 })]);
    expect(first.headers['x-total-count']).toBe(String(ORDERS));
    expect(links(first.headers.link)).toEqual({
      first: `/api/orders?seller=${anna.id}&pageNumber=1`,
      next: `/api/orders?seller=${anna.id}&pageNumber=2`,
      last: `/api/orders?seller=${anna.id}&pageNumber=3`,
    });

    const third = await get(`/api/orders?seller=${anna.id}&pageNumber=3`, admin);
    expect((third.json() as Order[]).map((o) => o._id)).toEqual(newestFirst.slice(100));
    expect(links(third.headers.link)).toMatchObject({ prev: `/api/orders?seller=${anna.id}&pageNumber=2` });
    expect(links(third.headers.link).next).toBeUndefined();
    // No statement bound one parameter per order (the list bound 120 before it was paged).
    expect(t.database.takeParameterPeak()).toBeLessThanOrEqual(5);
  });

  it('pages all orders for an admin and a seller’s own', async () => {
    const all = await get('/api/orders?pageNumber=3', admin);
    expect(all.headers['x-total-count']).toBe(String(ORDERS + 5));
    const ids = (all.json() as Order[]).map((o) => o._id);
    expect(ids).toHaveLength(25);
    expect(ids.slice(0, 20)).toEqual(newestFirst.slice(100));

    const own = await get('/api/orders', bosse);
    expect(own.headers['x-total-count']).toBe('5');
    expect(own.json()).toHaveLength(5);
    expect(links(own.headers.link).next).toBeUndefined();
  });

  it('answers an empty page past the end and refuses a page number that is not one', async () => {
    const past = await get('/api/orders?pageNumber=9', bosse);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(links(past.headers.link).prev).toBe('/api/orders?pageNumber=1');
    for (const bad of ['0', '-1', 'x', '1.5']) {
      expect((await get(`/api/orders?pageNumber=${bad}`, admin)).statusCode).toBe(400);
    }
  });
});

describe('GET /api/orders/mine (paged)', () => {
  it('pages the buyer’s own orders the same way', async () => {
    t.database.takeParameterPeak();
    const second = await get('/api/orders/mine?pageNumber=2', kim);
    expect(second.statusCode).toBe(200);
    expect((second.json() as Order[]).map((o) => o._id)).toEqual(newestFirst.slice(50, 100));
    expect(second.headers['x-total-count']).toBe(String(ORDERS + 5));
    expect(links(second.headers.link)).toMatchObject({
      prev: '/api/orders/mine?pageNumber=1',
      next: '/api/orders/mine?pageNumber=3',
    });
    expect(t.database.takeParameterPeak()).toBeLessThanOrEqual(5);
  });
});

describe('GET /api/users/ (paged)', () => {
  it('answers 50 accounts a page, newest first, with X-Total-Count and Link', async () => {
    const base = Date.now() + MINUTE;
    const made = Array.from({ length: 110 }, (_, i) => ({
      name: `Kund ${i}`,
      email: `kund-${i}-${randomUUID()}@example.test`,
      passwordHash: FIXTURE_PASSWORD_HASH,
      createdAt: new Date(base + i * MINUTE),
    }));
    await t.database.db.insert(users).values(made);
    const newestUsers = made.map((u) => u.email).reverse();

    const first = await get('/api/users/', admin);
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBe(110 + 4);
    expect((first.json() as UserListEntry[]).map((u) => u.email)).toEqual(newestUsers.slice(0, 50));
    expect(links(first.headers.link)).toMatchObject({
      next: '/api/users/?pageNumber=2',
      last: '/api/users/?pageNumber=3',
    });
    const third = await get('/api/users/?pageNumber=3', admin);
    expect(third.json()).toHaveLength(total - 100);
  });
});
