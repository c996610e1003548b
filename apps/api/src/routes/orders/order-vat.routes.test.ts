/**
 * Prices include moms (docs/decisions/280-moms-included-in-prices.md): a product has a rate, an
 * order line keeps the rate it was bought at, and an order says how much of its total is moms
 * per rate (`vatIncluded`, `vatByRate`) while the spec's `taxPrice` stays 0.
 */
import type { Order, ProductDetails } from '@torget/shared/api-types.generated';
import { vatIncludedOre } from '@torget/shared/rules/vat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let kim: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

const load = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetails;

/** The spec's edit payload, as a client that knows nothing of moms sends it. */
const specForm = (p: ProductDetails) => ({
  name: p.name,
  price: p.price,
  image: p.image,
  category: p.category,
  brand: p.brand,
  countInStock: p.countInStock,
  description: p.description,
  shipping_price: p.shipping_price,
  shipping_info: p.shipping_info,
});

const save = (id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(anna.token), payload: body });

describe("a product's moms rate", () => {
  it('is 25 % unless the seller sets 12 or 6; a save without it keeps it; any other rate is refused naming it', async () => {
    const p = await product(t, anna.id, { name: 'Kokbok' });
    const opened = await load(p.id);
    expect(opened.vatRate).toBe(25);

    const set = await save(p.id, { ...specForm(opened), vatRate: '6' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await load(p.id)).vatRate).toBe(6);

    const spec = await save(p.id, { ...specForm(await load(p.id)), name: 'Kokbok 2' });
    expect(spec.statusCode, spec.body).toBe(200);
    expect(await load(p.id)).toMatchObject({ name: 'Kokbok 2', vatRate: 6 });

    for (const wrong of [13, '0', 'moms', true]) {
      const refused = await save(p.id, { ...specForm(await load(p.id)), vatRate: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/VAT rate|vatRate/);
    }
    expect((await load(p.id)).vatRate).toBe(6);
  });
});

describe("an order's moms", () => {
  it('is included per rate, shipping at its line’s rate, the spec’s tax 0, and kept when the product’s rate changes', async () => {
    const lamp = await product(t, anna.id, {
      name: 'Lampa',
      priceOre: 49_900,
      shippingPriceOre: 4_900,
      countInStock: 9,
    });
    const book = await product(t, anna.id, { name: 'Bok', priceOre: 18_900, shippingPriceOre: 3_900, countInStock: 9 });
    const bookForm = await load(book.id);
    expect((await save(book.id, { ...specForm(bookForm), vatRate: 6 })).statusCode).toBe(200);

    const order = await placeOrder(t, kim, [
      { product: lamp.id, qty: 2 },
      { product: book.id, qty: 3 },
    ]);
    // By hand: 25 % on 2 × (499 + 49) = 1 096 kr: 219,20 kr; 6 % on 3 × (189 + 39) = 684 kr: 38,72 kr.
    expect(order.taxPrice).toBe(0);
    expect(order.totalPrice).toBe(1_780);
    expect(order.vatByRate).toEqual([
      { rate: 25, amount: 219.2 },
      { rate: 6, amount: 38.72 },
    ]);
    expect(order.vatIncluded).toBe(257.92);
    expect(vatIncludedOre(68_400, 6)).toBe(3_872);
    expect(order.orderItems.map(({ name, vatRate }) => [name, vatRate])).toEqual([
      ['Bok', 6],
      ['Lampa', 25],
    ]);

    // The book's rate changes afterwards: the order still says what it was bought at.
    expect((await save(book.id, { ...specForm(await load(book.id)), vatRate: 25 })).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(kim.token) });
    expect((read.json() as Order).vatByRate).toEqual(order.vatByRate);
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: bearer(kim.token) });
    const listed = (mine.json() as Order[]).find((o) => o._id === order._id);
    expect(listed?.vatIncluded).toBe(257.92);
  });
});
