/**
 * A product edit carries the version it was loaded from, so a save made
 * after a sale cannot write the old stock back; without a version the spec's payload still works.
 */
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { PRODUCT_CHANGED } from '@torget/shared/rules/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, product, type Session, shop, stockOf } from '#api/modules/orders/order-test-kit.ts';
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

/** What the edit form sends: the loaded fields with the seller's changes. */
const formOf = (p: ProductDetails, changes: object = {}) => ({
  name: p.name,
  price: p.price,
  image: p.image,
  category: p.category,
  brand: p.brand,
  countInStock: p.countInStock,
  description: p.description,
  shipping_price: p.shipping_price,
  shipping_info: p.shipping_info,
  ...changes,
});

const save = (id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(anna.token), payload: body });

describe('editing a product that sold meanwhile', () => {
  it('refuses the stale save with 409, so the sale survives; a save from the reloaded form goes through', async () => {
    const p = await product(t, anna.id, { countInStock: 10 });
    const opened = await load(p.id);
    expect(opened).toMatchObject({ countInStock: 10, version: expect.any(Number) });

    await placeOrder(t, kim, [{ product: p.id, qty: 4 }]);
    expect(await stockOf(t, p.id)).toBe(6);

    const stale = await save(p.id, formOf(opened, { name: 'Ny lampa', version: opened.version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: PRODUCT_CHANGED });
    expect(await stockOf(t, p.id)).toBe(6);
    expect((await load(p.id)).name).toBe(p.name);

    const reloaded = await load(p.id);
    expect(reloaded.version).toBeGreaterThan(opened.version);
    const ok = await save(p.id, formOf(reloaded, { name: 'Ny lampa', version: reloaded.version }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product).toMatchObject({ name: 'Ny lampa', countInStock: 6 });
    expect(ok.json().product.version).toBeGreaterThan(reloaded.version);
  });

  it('refuses the second of two edits loaded at the same version', async () => {
    const p = await product(t, anna.id, { countInStock: 3 });
    const opened = await load(p.id);
    expect((await save(p.id, formOf(opened, { countInStock: 5, version: opened.version }))).statusCode).toBe(200);
    expect((await save(p.id, formOf(opened, { countInStock: 9, version: opened.version }))).statusCode).toBe(409);
    expect(await stockOf(t, p.id)).toBe(5);
  });

  it('keeps the version when only ratings change (a review is no edit)', async () => {
    const p = await product(t, anna.id, { countInStock: 3 });
    const opened = await load(p.id);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/reviews`,
      headers: bearer(kim.token),
      payload: { rating: 4, comment: 'Fin.' },
    });
    expect(review.statusCode).toBe(201);
    expect((await load(p.id)).version).toBe(opened.version);
    expect((await save(p.id, formOf(opened, { version: opened.version }))).statusCode).toBe(200);
  });

  it('saves the spec’s payload without a version unconditionally, as before', async () => {
    const p = await product(t, anna.id, { countInStock: 10 });
    const opened = await load(p.id);
    await placeOrder(t, kim, [{ product: p.id, qty: 4 }]);
    const res = await save(p.id, formOf(opened));
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, p.id)).toBe(10);
  });
});
