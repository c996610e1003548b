/**
 * Sale prices and the price history: the history the database keeps for every price change
 * (db/sql/45-price-history.sql), the lowest price of the 30 days before a sale shown while it runs,
 * and orders charged the price in force when placed. On PGlite and on PostgreSQL.
 */
import type { Order, ProductDetails } from '@torget/shared/api-types.generated';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPriceHistory, products } from '#api/db/schema.ts';
import { salesStartedBetween } from '#api/modules/catalog/sale-starts.service.ts';
import { ADDRESS, customer, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { PRODUCT_EDIT } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  buyer = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The product as its seller reads it (a signed-in read is never served from the cache). */
async function read(id: string): Promise<ProductDetails> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: bearer(anna.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductDetails;
}

function save(id: string, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(anna.token),
    payload: { ...PRODUCT_EDIT, price: 100, ...payload },
  });
}

async function history(id: string) {
  return t.database.db
    .select({ at: productPriceHistory.inForceFrom, ore: productPriceHistory.priceOre })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, id))
    .orderBy(asc(productPriceHistory.inForceFrom));
}

async function buy(id: string): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    // The client's price is never read: a made-up one changes nothing.
    payload: { orderItems: [{ product: id, qty: 1, price: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: Order }).order;
}

/** A listed product of 100 kr whose history says what it cost over the last 45 days. */
async function productWithPast(): Promise<string> {
  const made = await product(t, anna.id, { priceOre: 10_000, countInStock: 20, image: '/uploads/skal.webp' });
  // The trigger recorded its price when it was made.
  expect((await history(made.id)).map((row) => row.ore)).toEqual([10_000]);
  // A past the test cannot wait for: 50 kr 45 days ago (over before the 30 days began), 85 kr
  // from 35 days ago (in force when the 30 days began), 120 kr from 20 days ago, 100 kr since.
  await t.database.db.delete(productPriceHistory).where(eq(productPriceHistory.productId, made.id));
  await t.database.db.insert(productPriceHistory).values([
    { productId: made.id, inForceFrom: daysAgo(45), priceOre: 5_000 },
    { productId: made.id, inForceFrom: daysAgo(35), priceOre: 8_500 },
    { productId: made.id, inForceFrom: daysAgo(20), priceOre: 12_000 },
    { productId: made.id, inForceFrom: daysAgo(10), priceOre: 10_000 },
  ]);
  return made.id;
}

describe('a sale and the 30-day lowest price', () => {
  it('follows a sale from its start, through a price change, to its end', { timeout: 60_000 }, async () => {
    const id = await productWithPast();
    expect(await read(id)).toMatchObject({
      price: 100,
      salePrice: null,
      onSale: false,
      lowestPrice30d: null,
      saleEndsAt: null,
    });
    expect((await buy(id)).orderItems[0]?.price).toBe(100);

    // A start written in the past starts now; the end is 15 seconds away (a slow machine reads it on time).
    const ends = new Date(Date.now() + 15_000);
    const set = await save(id, {
      salePrice: 70,
      saleStartsAt: daysAgo(2).toISOString(),
      saleEndsAt: ends.toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    const during = await read(id);
    expect(during).toMatchObject({ price: 100, salePrice: 70, onSale: true, lowestPrice30d: 85 });
    expect(during.saleEndsAt).toBe(ends.toISOString());
    expect(Date.parse(during.saleStartsAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The history: the sale price from now, the ordinary price again from the end, written ahead.
    const rows = await history(id);
    expect(rows.slice(-2).map((row) => row.ore)).toEqual([7_000, 10_000]);
    expect(rows.at(-1)?.at.toISOString()).toBe(ends.toISOString());

    // An order placed during the sale is charged the sale price.
    const order = await buy(id);
    expect(order.orderItems[0]?.price).toBe(70);
    expect(order.itemsPrice).toBe(70);

    // The ordinary price raised during the sale: struck at 110, the sale and its 30 days unchanged.
    const raised = await save(id, {
      price: 110,
      salePrice: 70,
      saleStartsAt: during.saleStartsAt,
      saleEndsAt: during.saleEndsAt,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await read(id)).toMatchObject({ price: 110, salePrice: 70, onSale: true, lowestPrice30d: 85 });
    expect((await history(id)).at(-1)).toMatchObject({ ore: 11_000 });

    // After the end, by time alone: no write, the ordinary price again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends.getTime() - Date.now()) + 300));
    expect(await read(id)).toMatchObject({ price: 110, salePrice: null, onSale: false, lowestPrice30d: null });
    expect((await buy(id)).orderItems[0]?.price).toBe(110);
  });

  it('shows a sale set ahead without putting it in force, and forgets it when it is taken back', async () => {
    const id = await productWithPast();
    const starts = new Date(Date.now() + 2 * DAY);
    const ends = new Date(Date.now() + 9 * DAY);
    const set = await save(id, { salePrice: 80, saleStartsAt: starts.toISOString(), saleEndsAt: ends.toISOString() });
    expect(set.statusCode, set.body).toBe(200);
    expect(await read(id)).toMatchObject({
      salePrice: 80,
      saleStartsAt: starts.toISOString(),
      onSale: false,
      lowestPrice30d: null,
    });
    expect((await history(id)).filter((row) => row.at.getTime() > Date.now()).map((row) => row.ore)).toEqual([
      8_000, 10_000,
    ]);
    expect((await buy(id)).orderItems[0]?.price).toBe(100);
    // The spec's payload (no sale fields) keeps the sale.
    expect((await save(id, {})).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ salePrice: 80 });
    // Taken back: the rows written ahead go too.
    const cleared = await save(id, { salePrice: null, saleStartsAt: null, saleEndsAt: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await read(id)).toMatchObject({ salePrice: null, saleStartsAt: null, onSale: false });
    expect((await history(id)).filter((row) => row.at.getTime() > Date.now())).toEqual([]);
  });

  it('keeps no history for a draft, and starts it when the draft is published', async () => {
    const draft = await product(t, anna.id, { isDraft: true, priceOre: 0, name: 'New product' });
    expect(await history(draft.id)).toEqual([]);
    expect((await save(draft.id, { price: 250 })).statusCode).toBe(200);
    expect((await history(draft.id)).map((row) => row.ore)).toEqual([25_000]);
    // A save that changes no price writes no row.
    expect((await save(draft.id, { price: 250, name: 'Annat namn' })).statusCode).toBe(200);
    expect(await history(draft.id)).toHaveLength(1);
  });

  it('refuses a sale that is not below the price, ends before it starts, or is half set', async () => {
    const id = await productWithPast();
    const starts = new Date(Date.now() + DAY).toISOString();
    const ends = new Date(Date.now() + 2 * DAY).toISOString();
    const cases = [
      [{ salePrice: 100, saleStartsAt: starts, saleEndsAt: ends }, 'The sale price must be below the price.'],
      [{ salePrice: 60, saleStartsAt: ends, saleEndsAt: starts }, 'The sale must end after it starts.'],
      [{ salePrice: 60, saleStartsAt: starts }, 'Set the sale price, its start and its end, or none of them.'],
      [{ salePrice: 60, saleStartsAt: 'i morgon', saleEndsAt: ends }, 'Sale start must be a date and time.'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await save(id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ salePriceOre: null, saleStartsAt: null, saleEndsAt: null });
  });

  it('lists a product on sale with its sale keys, the same on every list', async () => {
    const id = await productWithPast();
    const ends = new Date(Date.now() + DAY).toISOString();
    expect(
      (await save(id, { salePrice: 75, saleStartsAt: new Date().toISOString(), saleEndsAt: ends })).statusCode,
    ).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/products?scope=manage&seller=${anna.id}&pageSize=100`,
      headers: bearer(anna.token),
    });
    const shopList = await t.app.inject({ method: 'GET', url: `/api/products?seller=${anna.id}&pageSize=100` });
    for (const res of [mine, shopList]) {
      const listed = (res.json() as { products: ProductDetails[] }).products.find((p) => p._id === id);
      expect(listed).toMatchObject({ price: 100, salePrice: 75, onSale: true, lowestPrice30d: 85, saleEndsAt: ends });
    }
  });
});

describe('the sales that started in a span (the hook for "on sale" mails)', () => {
  it('names a sale once it is in force, in the span of its start only', async () => {
    const id = await productWithPast();
    const before = new Date();
    const ends = new Date(Date.now() + DAY).toISOString();
    expect(
      (await save(id, { salePrice: 60, saleStartsAt: new Date().toISOString(), saleEndsAt: ends })).statusCode,
    ).toBe(200);
    const after = new Date(Date.now() + 1000);
    const started = await salesStartedBetween(t.database.db, before, after);
    expect(started.filter((sale) => sale.productId === id)).toEqual([
      expect.objectContaining({ productId: id, sellerId: anna.id, salePriceOre: 6_000, priceOre: 10_000 }),
    ]);
    // The next span does not name it again.
    expect(
      (await salesStartedBetween(t.database.db, after, new Date(after.getTime() + DAY))).map((s) => s.productId),
    ).not.toContain(id);
  });
});
