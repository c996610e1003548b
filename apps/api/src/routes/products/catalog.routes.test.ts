import type { ProductDetails, ProductListResponse } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { createProduct, createReview, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { status: res.statusCode, body: res.json() as ProductListResponse };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('catalogue on an empty database', () => {
  it('answers an empty first page, no categories', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body).toEqual({ products: [], page: 1, pages: 0, count: 0 });
    const categories = await t.app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(categories.json()).toEqual([]);
  });
});

describe('GET /api/products', () => {
  let sellerA: string;
  let sellerB: string;
  const sameMoment = new Date('2026-01-01T12:00:00Z');

  beforeAll(async () => {
    const db = t.database.db;
    sellerA = (await createSeller(db, { seller: { name: 'Annas Ateljé', logo: '/uploads/a.webp', hasLogo: true } }))
      .user.id;
    sellerB = (await createSeller(db, { user: { name: 'Bo Berg' }, seller: { name: '' } })).user.id;
    // 30 products with the same creation time, so only the id keeps their order stable.
    for (let i = 0; i < 30; i++) {
      await createProduct(db, sellerA, {
        name: `Lampa ${i}`,
        category: i % 2 ? 'Hem & inredning' : 'Elektronik',
        priceOre: 1000 + i * 100,
        createdAt: sameMoment,
      });
    }
    await createProduct(db, sellerB, { name: '100% ull_mössa', category: 'Kläder', priceOre: 19_950, rating: 4.5 });
    await createProduct(db, sellerB, { name: "O'Brien .* tröja", category: 'Kläder', priceOre: 5_000, rating: 2 });
  });

  it('answers products, page and pages with SEK prices and the seller brief', async () => {
    const { status, body } = await list('?pageSize=5');
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.count).toBe(32);
    expect(body.pages).toBe(7);
    expect(body.products).toHaveLength(5);
    const wool = (await list('?name=ull')).body.products[0];
    expect(wool).toMatchObject({
      name: '100% ull_mössa',
      price: 199.5,
      category: 'Kläder',
      seller: { _id: sellerB, name: 'Bo Berg', seller: { name: 'Bo Berg', has_logo: false } },
    });
    expect(typeof wool?._id).toBe('string');
    expect(wool?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by seller and category', async () => {
    const bySeller = await list(`?seller=${sellerB}`);
    expect(bySeller.body.count).toBe(2);
    const byCategory = await list(`?category=${encodeURIComponent('Hem & inredning')}&pageSize=100`);
    expect(byCategory.body.count).toBe(15);
    expect(byCategory.body.products.every((p) => p.category === 'Hem & inredning')).toBe(true);
    expect((await list('?category=all')).body.count).toBe(32);
  });

  it('pages through equal sort keys without repeating or skipping a product', async () => {
    for (const order of ['newest', 'lowest', 'highest', 'toprated']) {
      const seen: string[] = [];
      for (let page = 1; page <= 7; page++) {
        const { body } = await list(`?pageSize=5&pageNumber=${page}&order=${order}`);
        seen.push(...body.products.map((p) => p._id));
      }
      expect(new Set(seen).size).toBe(32);
      expect(seen).toHaveLength(32);
    }
  });

  it('sorts by price both ways', async () => {
    const lowest = (await list('?order=lowest&pageSize=100')).body.products.map((p) => p.price);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    const highest = (await list('?order=highest&pageSize=3')).body.products.map((p) => p.price);
    expect(highest).toEqual([199.5, 50, 39]);
  });

  it('matches names case-insensitively and treats wildcard characters literally', async () => {
    // Words in any order: "Lampa 1", "Lampa 10".."Lampa 19" and "Lampa 21".
    expect((await list('?name=LAMPA%201')).body.count).toBe(12);
    expect((await list('?name=1%20LAMPA')).body.count).toBe(12);
    expect((await list(`?name=${encodeURIComponent('%')}`)).body.products.map((p) => p.name)).toEqual([
      '100% ull_mössa',
    ]);
    expect((await list(`?name=${encodeURIComponent('_')}`)).body.count).toBe(1);
    expect((await list(`?name=${encodeURIComponent('.*')}`)).body.count).toBe(1);
    expect((await list(`?name=${encodeURIComponent("o'brien")}`)).body.count).toBe(1);
    expect((await list(`?name=${encodeURIComponent('\\')}`)).body.count).toBe(0);
  });

  it('filters by price range and rating', async () => {
    const range = await list('?min=10&max=15&pageSize=100');
    expect(range.body.products.every((p) => p.price >= 10 && p.price <= 15)).toBe(true);
    expect(range.body.count).toBe(6);
    const rated = await list('?rating=4');
    expect(rated.body.products.map((p) => p.name)).toEqual(['100% ull_mössa']);
  });

  it('issues the same number of statements for a page of 1 and of 50', async () => {
    const before1 = t.database.statementCount();
    await list('?pageSize=1');
    const forOne = t.database.statementCount() - before1;
    const before50 = t.database.statementCount();
    await list('?pageSize=50');
    const forFifty = t.database.statementCount() - before50;
    expect(forOne).toBe(forFifty);
    expect(forOne).toBeLessThanOrEqual(2);
  });

  it('refuses bad query values with a message naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      ['?pageNumber=abc', 'pageNumber'],
      ['?seller=not-an-id', 'seller'],
      ['?order=random', 'order'],
      ['?min=-1', 'min'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  it('hides the products of a seller whose seller status was revoked', async () => {
    const { user } = await createSeller(t.database.db);
    await createProduct(t.database.db, user.id, { name: 'Återkallad vara', category: 'Unik kategori' });
    expect((await list('?name=Återkallad')).body.count).toBe(1);
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, user.id));
    expect((await list('?name=Återkallad')).body.count).toBe(0);
    const categories = await t.app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(categories.json()).not.toContain('Unik kategori');
  });
});

describe('GET /api/products/categories', () => {
  it('lists distinct categories alphabetically', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Elektronik', 'Hem & inredning', 'Kläder']);
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product with its reviews, newest first', async () => {
    const db = t.database.db;
    const { user: seller } = await createSeller(db);
    const product = await createProduct(db, seller.id, { name: 'Recenserad', shippingPriceOre: 4900 });
    const reviewer1 = await createUser(db);
    const reviewer2 = await createUser(db);
    await createReview(db, { productId: product.id, sellerId: seller.id, userId: reviewer1.id, rating: 4 });
    await createReview(db, { productId: product.id, sellerId: seller.id, userId: reviewer2.id, rating: 2 });
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductDetails;
    expect(body).toMatchObject({ _id: product.id, name: 'Recenserad', price: 100, shipping_price: 49 });
    expect(body.reviews).toHaveLength(2);
    expect(body.reviews[0]).toMatchObject({ rating: 2, name: 'Recensent', comment: 'Bra!' });
  });

  it('answers 404 with a message for an unknown or malformed id, 414 for an absurdly long one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '1', "'%20or%201=1"]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: 'Product Not Found' });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toHaveProperty('message');
  });
});
