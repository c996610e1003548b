/**
 * The anonymous product page is kept in the read cache; a write drops it whatever case the id
 * was typed in (uuids are read in any case), so no spelling of the id serves a stale product.
 */
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller, PRODUCT_EDIT } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let ownerToken: string;
let sellerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createSeller(t.database.db, { user: { email: 'cache-agare@example.se' } });
  sellerId = user.id;
  ownerToken = (await signInAs(t.app, 'cache-agare@example.se')).token;
});
afterAll(() => t.close());

const page = (id: string) => t.app.inject({ method: 'GET', url: `/api/products/${id}` });

describe('the anonymous product page in the read cache', () => {
  it('answers the product as it is after an edit, for the id in capitals too', async () => {
    const { id } = await createProduct(t.database.db, sellerId, { countInStock: 5 });
    const spellings = [id, id.toUpperCase(), `${id.slice(0, 8).toUpperCase()}${id.slice(8)}`];
    for (const spelling of spellings) {
      const res = await page(spelling);
      expect(res.statusCode).toBe(200);
      expect((res.json() as ProductDetails)._id).toBe(id);
    }
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(ownerToken),
      payload: { ...PRODUCT_EDIT, price: 321, countInStock: 2 },
    });
    expect(edit.statusCode).toBe(200);
    for (const spelling of spellings) {
      expect(await page(spelling).then((r) => r.json() as ProductDetails)).toMatchObject({
        _id: id,
        price: 321,
        countInStock: 2,
      });
    }
  });

  it('answers 404 for a deleted product, for the id in capitals too', async () => {
    const { id } = await createProduct(t.database.db, sellerId);
    expect((await page(id.toUpperCase())).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(ownerToken) });
    expect(removed.statusCode).toBe(200);
    expect((await page(id.toUpperCase())).statusCode).toBe(404);
    expect((await page(id)).statusCode).toBe(404);
  });
});
