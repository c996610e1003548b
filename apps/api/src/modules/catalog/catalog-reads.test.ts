/** The catalogue's read path: seller status copied onto products, the read cache, statement counts. */
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ statementCountHeader: true });
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { body: res.json() as ProductListResponse, statements: Number(res.headers['x-sql-statements']) };
}

describe('a product is on sale exactly while its seller is an active seller', () => {
  it('follows revoking, granting and deleting the seller, and a product written meanwhile', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { name: 'Status Seller' } });
    const product = await createProduct(db, user.id, { name: 'Statusprodukt', category: 'Status' });
    const names = async () => (await list('?category=Status')).body.products.map((p) => p.name);
    expect(await names()).toEqual(['Statusprodukt']);

    await db.update(users).set({ isSeller: false }).where(eq(users.id, user.id));
    expect(await names()).toEqual([]);
    // Written while the seller is revoked: not on sale, whatever the writer says.
    await createProduct(db, user.id, { name: 'Under revocation', category: 'Status', sellerActive: true });
    expect(await names()).toEqual([]);

    await db.update(users).set({ isSeller: true }).where(eq(users.id, user.id));
    expect((await names()).sort()).toEqual(['Statusprodukt', 'Under revocation']);

    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect(await names()).toEqual([]);
    const [row] = await db.select({ on: products.sellerActive }).from(products).where(eq(products.id, product.id));
    expect(row?.on).toBe(false);
  });
});

describe('the read cache', () => {
  it('answers a repeated list from memory, and the next read after a write from the database', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { name: 'Cache Seller' } });
    const product = await createProduct(db, user.id, { name: 'Cacheprodukt', category: 'Cache', countInStock: 7 });
    const first = await list('?category=Cache');
    expect(first.body.products[0]?.countInStock).toBe(7);
    expect(first.statements).toBe(1);
    const again = await list('?category=Cache');
    expect(again.statements).toBe(0);
    expect(again.body).toEqual(first.body);

    await db.update(products).set({ countInStock: 3 }).where(eq(products.id, product.id));
    const after = await list('?category=Cache');
    expect(after.body.products[0]?.countInStock).toBe(3);
  });

  it('keeps categories and top sellers until a write', async () => {
    const db = t.database.db;
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    await get('/api/products/categories');
    expect(Number((await get('/api/products/categories')).headers['x-sql-statements'])).toBe(0);
    expect(Number((await get('/api/users/top-sellers')).headers['x-sql-statements'])).toBe(1);
    expect(Number((await get('/api/users/top-sellers')).headers['x-sql-statements'])).toBe(0);

    const { user } = await createSeller(db, { user: { name: 'New Seller' } });
    await createProduct(db, user.id, { category: 'Brand new category' });
    expect((await get('/api/products/categories')).json()).toContain('Brand new category');
  });
});

describe('statements per request', () => {
  it('counts each request on its own while requests run concurrently, whatever the page size', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { name: 'Count Seller' } });
    for (let i = 0; i < 30; i++) await createProduct(db, user.id, { name: `Räkneprodukt ${i}`, category: 'Count' });
    // Different queries, so none is answered from the cache.
    const answers = await Promise.all(
      [1, 5, 12, 50, 100].map((pageSize, i) => list(`?category=Count&pageSize=${pageSize}&min=0.0${i + 1}`)),
    );
    expect(answers.map((a) => a.statements)).toEqual([1, 1, 1, 1, 1]);
    expect(answers.map((a) => a.body.products.length)).toEqual([1, 5, 12, 30, 30]);
    expect(answers.map((a) => a.body.count)).toEqual([30, 30, 30, 30, 30]);
  });

  it('counts all matches for a page past the last one, in a second statement', async () => {
    const past = await list('?category=Count&pageNumber=9&min=0.09');
    expect(past.body).toMatchObject({ products: [], page: 9, pages: 3, count: 30 });
    expect(past.statements).toBe(2);
    // Another page of the same filters takes the count from the cache.
    const second = await list('?category=Count&pageNumber=2&min=0.09&order=lowest');
    expect(second.body.products).toHaveLength(12);
    expect(second.statements).toBe(1);
  });

  it('reads one product with its reviews in one statement', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { name: 'Detail Seller' } });
    const product = await createProduct(db, user.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-sql-statements']).toBe('1');
  });
});
