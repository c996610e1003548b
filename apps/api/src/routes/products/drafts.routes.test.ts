/**
 * Drafts. "Create Product" makes a draft that nobody but its seller and admins sees
 * until it is saved with a name, a price above 0 and an image; never-saved drafts are cleaned
 * up after a day. Also the added `images` array and the managing list's search and sort.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductDetails, ProductListResponse } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews } from '#api/db/schema.ts';
import { deleteEmptyDrafts, EMPTY_DRAFT_MAX_AGE_MS } from '#api/modules/catalog/draft-cleanup.service.ts';
import {
  ADDRESS,
  customer as customerSession,
  placeOrder,
  postOrder,
  product,
  shop,
} from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let seller: { id: string; token: string };
let otherSeller: { id: string; token: string };
let customer: { id: string; token: string };
let admin: { id: string; token: string };

const session = async (email: string) => {
  const s = await signInAs(t.app, email);
  return { id: s._id, token: s.token };
};

const webDist = mkdtempSync(join(tmpdir(), 'torget-drafts-web-'));

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Torget</title></head><body></body></html>',
  );
  t = await createTestApp({ webDist, mainHosts: ['torget.test', 'localhost'] });
  const db = t.database.db;
  await createSeller(db, { user: { email: 'utkast@example.se' }, seller: { domain: 'utkast-butik.test' } });
  await createSeller(db, { user: { email: 'granne@example.se' } });
  await createUser(db, { email: 'kund@example.se' });
  await createUser(db, { email: 'admin@example.se', isAdmin: true });
  seller = await session('utkast@example.se');
  // A listed product, so the sitemaps have a page for a draft to be missing from.
  await createProduct(db, seller.id, { name: 'Listad lampa', image: '/uploads/listad.webp' });
  otherSeller = await session('granne@example.se');
  customer = await session('kund@example.se');
  admin = await session('admin@example.se');
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, token?: string, host?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(host ? { host } : {}) },
  });
const list = async (query: string, token?: string) =>
  (await get(`/api/products${query}`, token)).json() as ProductListResponse;
const createDraft = async (token = seller.token) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(token) });
  expect(res.statusCode).toBe(201);
  return (res.json() as { product: ProductDetails }).product;
};
const save = (id: string, payload: object, token = seller.token) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(token), payload });
const fullForm = {
  name: 'Utkastlampa',
  price: '249,50',
  image: '/uploads/lampa-1.webp',
  category: 'Utkastkategori',
  brand: '',
  countInStock: 4,
  description: '<p>Ljus <strong>lampa</strong><script>alert(1)</script></p>',
  shipping_price: 0,
  shipping_info: '',
};

describe('a new product is a draft, seen by nobody but its seller and admins', () => {
  let draft: ProductDetails;
  beforeAll(async () => {
    draft = await createDraft();
    // A name, so a search for it would find it if drafts leaked.
    expect((await save(draft._id, { ...fullForm, image: '', price: 0 })).statusCode).toBe(200);
  });

  it('answers the draft as a draft, with its short number', async () => {
    const res = await get(`/api/products/${draft._id}`, seller.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDraft: true, name: 'Utkastlampa', images: [] });
    expect(draft.number).toBeGreaterThanOrEqual(1001);
  });

  it('is 404 on GET /api/products/{id} for visitors, customers and other sellers; seen by its seller and admins', async () => {
    for (const token of [undefined, customer.token, otherSeller.token]) {
      const res = await get(`/api/products/${draft._id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product Not Found' });
    }
    expect((await get(`/api/products/${draft._id}`, admin.token)).statusCode).toBe(200);
  });

  it('is in no public list, count, search, category list or storefront', async () => {
    const ids = (r: ProductListResponse) => r.products.map((p) => p._id);
    expect(ids(await list('?pageSize=100'))).not.toContain(draft._id);
    expect((await list('?name=Utkastlampa')).count).toBe(0);
    expect((await list('?name=Utkastlampa')).suggestion).toBeUndefined();
    expect((await list(`?seller=${seller.id}`)).count).toBe(1);
    expect((await list('?category=Utkastkategori')).count).toBe(0);
    expect((await get('/api/products/categories')).json()).not.toContain('Utkastkategori');
    // The storefront reads the seller's list; with the seller's own token the catalogue is the same.
    expect((await list(`?seller=${seller.id}`, seller.token)).count).toBe(1);
  });

  it('is in no sitemap and its page has no tags but a 404', async () => {
    const sitemap = await get('/sitemaps/products-1.xml', undefined, 'torget.test');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('/product/');
    expect(sitemap.body).not.toContain(draft._id);
    const shopSitemap = await get('/sitemap.xml', undefined, 'utkast-butik.test');
    expect(shopSitemap.body).toContain('/product/');
    expect(shopSitemap.body).not.toContain(draft._id);
    expect((await get(`/product/${draft._id}`, undefined, 'torget.test')).statusCode).toBe(404);
  });

  it('cannot be reviewed: 404 for a stranger, as every other read of a draft; refused for its seller and admins', async () => {
    const review = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${draft._id}/reviews`,
        headers: bearer(token),
        payload: { rating: 1, comment: 'Finns det här?' },
      });
    for (const token of [customer.token, otherSeller.token, admin.token, seller.token]) {
      const res = await review(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product Not Found' });
    }
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.productId, draft._id));
    expect(row).toBeUndefined();
    expect((await get(`/api/products/${draft._id}`, seller.token)).json()).toMatchObject({
      numReviews: 0,
      reviews: [],
    });
  });

  it('is in the managing list of its seller and of admins, and nobody else may ask for it', async () => {
    const own = await list(`?scope=manage&seller=${seller.id}&pageSize=50`, seller.token);
    expect(own.products.find((p) => p._id === draft._id)).toMatchObject({ isDraft: true });
    const all = await list('?scope=manage&pageSize=100', admin.token);
    expect(all.products.map((p) => p._id)).toContain(draft._id);
    expect((await get(`/api/products?scope=manage&seller=${seller.id}`)).statusCode).toBe(401);
    expect((await get(`/api/products?scope=manage&seller=${seller.id}`, otherSeller.token)).statusCode).toBe(403);
    expect((await get('/api/products?scope=manage', seller.token)).statusCode).toBe(403);
    expect((await get(`/api/products?scope=manage&seller=${seller.id}`, customer.token)).statusCode).toBe(403);
  });

  it("is kept by the managing list's draft filter and left out by its listed filter", async () => {
    const drafts = await list('?scope=manage&state=draft&pageSize=100', admin.token);
    expect(drafts.products.map((p) => p._id)).toContain(draft._id);
    expect(drafts.products.every((p) => p.isDraft)).toBe(true);
    const listedOnes = await list('?scope=manage&state=listed&pageSize=100', admin.token);
    expect(listedOnes.products.map((p) => p._id)).not.toContain(draft._id);
    expect(listedOnes.products.every((p) => !p.isDraft)).toBe(true);
    expect(drafts.count + listedOnes.count).toBeLessThanOrEqual(
      (await list('?scope=manage&pageSize=100', admin.token)).count,
    );
    const bad = await get('/api/products?scope=manage&state=archived', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Invalid state in querystring');
  });

  it('goes on sale when saved with a name, a price above 0 and an image, and never goes back', async () => {
    const res = await save(draft._id, fullForm);
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as { product: ProductDetails }).product;
    expect(saved).toMatchObject({ isDraft: false, price: 249.5, image: '/uploads/lampa-1.webp' });
    expect(saved.images).toEqual(['/uploads/lampa-1.webp']);
    // Sanitised with the shop descriptions' allow-list.
    expect(saved.description).toBe('<p>Ljus <strong>lampa</strong></p>');
    expect((await get(`/api/products/${draft._id}`)).statusCode).toBe(200);
    expect((await list('?name=Utkastlampa')).count).toBe(1);
    expect((await get('/api/products/categories')).json()).toContain('Utkastkategori');
    // The shop's own sitemap is read afresh (the marketplace's page starts are kept minutes).
    expect((await get('/sitemap.xml', undefined, 'utkast-butik.test')).body).toContain(draft._id);

    // Never back to draft, even saved without an image by a client of the spec's payload.
    for (const incomplete of [{ image: '' }, { price: 0 }, { images: [] }]) {
      const res = await save(draft._id, { ...fullForm, ...incomplete });
      expect(res.statusCode, JSON.stringify(incomplete)).toBe(200);
      expect((res.json() as { product: ProductDetails }).product.isDraft).toBe(false);
    }
    expect((await get(`/api/products/${draft._id}`)).statusCode).toBe(200);
  });
});

describe('buying', () => {
  it('refuses an order of a draft as of an unknown product, and takes it once on sale', async () => {
    const shopSession = await shop(t, { name: 'Utkastbutiken' });
    const buyer = await customerSession(t, 'Kim Utkast');
    const p = await product(t, shopSession.id, { isDraft: true, countInStock: 5, image: '/uploads/x.webp' });
    const refused = await postOrder(t, buyer.token, {
      orderItems: [{ product: p.id, qty: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Product not found');
    await t.database.db.update(products).set({ isDraft: false }).where(eq(products.id, p.id));
    expect((await placeOrder(t, buyer, [{ product: p.id, qty: 1 }])).orderItems).toHaveLength(1);
  });
});

describe('images', () => {
  it('saves up to 8 images in order, `image` being the first', async () => {
    const p = await createDraft();
    const images = ['/uploads/b.webp', '/uploads/a.png', '/uploads/c.jpg'];
    const res = await save(p._id, { ...fullForm, image: '/uploads/ignored.webp', images });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { product: ProductDetails }).product).toMatchObject({ image: images[0], images });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p._id));
    expect(row).toMatchObject({ image: images[0], images, isDraft: false });
  });

  it('keeps the rest when only `image` is sent (the spec’s payload), with the new first', async () => {
    const p = await createDraft();
    await save(p._id, { ...fullForm, images: ['/uploads/1.webp', '/uploads/2.webp', '/uploads/3.webp'] });
    const res = await save(p._id, { ...fullForm, image: '/uploads/new.webp' });
    expect((res.json() as { product: ProductDetails }).product.images).toEqual([
      '/uploads/new.webp',
      '/uploads/2.webp',
      '/uploads/3.webp',
    ]);
    const again = await save(p._id, { ...fullForm, image: '/uploads/3.webp' });
    expect((again.json() as { product: ProductDetails }).product.images).toEqual([
      '/uploads/3.webp',
      '/uploads/2.webp',
    ]);
  });

  it('answers `images` of a product saved before products had several images as its one image', async () => {
    const old = await createProduct(t.database.db, seller.id, { image: '/uploads/gammal.webp' });
    expect((await get(`/api/products/${old.id}`)).json()).toMatchObject({ images: ['/uploads/gammal.webp'] });
  });

  it('refuses more than 8, a duplicate, an empty or a foreign path, naming the field', async () => {
    const p = await createDraft();
    const nine = Array.from({ length: 9 }, (_, i) => `/uploads/${i}.webp`);
    for (const images of [nine, ['/uploads/a.webp', '/uploads/a.webp'], [''], ['https://evil.test/x.png'], 'x']) {
      const res = await save(p._id, { ...fullForm, images });
      expect(res.statusCode, JSON.stringify(images)).toBe(400);
      expect(res.json().message).toContain('images');
    }
  });
});

describe('the managing list: search by name or number, sort by column', () => {
  let shop: { id: string; token: string };
  beforeAll(async () => {
    const db = t.database.db;
    await createSeller(db, { user: { email: 'sortera@example.se' } });
    shop = await session('sortera@example.se');
    const rows = [
      { name: 'Blå kopp', priceOre: 9_900, countInStock: 0 },
      { name: 'apelsinpress', priceOre: 29_900, countInStock: 7 },
      { name: 'Citronskål', priceOre: 4_900, countInStock: 2 },
    ];
    for (const [i, row] of rows.entries()) {
      await createProduct(db, shop.id, { ...row, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
  });
  const names = async (query: string) =>
    (await list(`?scope=manage&seller=${shop.id}${query}`, shop.token)).products.map((p) => p.name);

  it('sorts by name, price, stock and age both ways', async () => {
    expect(await names('&sort=name')).toEqual(['apelsinpress', 'Blå kopp', 'Citronskål']);
    expect(await names('&sort=-name')).toEqual(['Citronskål', 'Blå kopp', 'apelsinpress']);
    expect(await names('&sort=price')).toEqual(['Citronskål', 'Blå kopp', 'apelsinpress']);
    expect(await names('&sort=-price')).toEqual(['apelsinpress', 'Blå kopp', 'Citronskål']);
    expect(await names('&sort=stock')).toEqual(['Blå kopp', 'Citronskål', 'apelsinpress']);
    expect(await names('&sort=-stock')).toEqual(['apelsinpress', 'Citronskål', 'Blå kopp']);
    expect(await names('&sort=oldest')).toEqual(['Blå kopp', 'apelsinpress', 'Citronskål']);
    expect(await names('')).toEqual(['Citronskål', 'apelsinpress', 'Blå kopp']);
    expect((await get(`/api/products?scope=manage&seller=${shop.id}&sort=colour`, shop.token)).statusCode).toBe(400);
  });

  it('finds by name and by short number', async () => {
    expect(await names('&name=kopp')).toEqual(['Blå kopp']);
    const [press] = (await list(`?scope=manage&seller=${shop.id}&name=press`, shop.token)).products;
    expect(await names(`&name=${encodeURIComponent(`#${press?.number}`)}`)).toEqual(['apelsinpress']);
  });

  it('keeps 50 a page with page and pages', async () => {
    const res = await list(`?scope=manage&seller=${shop.id}&pageSize=2&pageNumber=2&sort=name`, shop.token);
    expect(res).toMatchObject({ page: 2, pages: 2, count: 3 });
    expect(res.products.map((p) => p.name)).toEqual(['Citronskål']);
  });
});

describe('cleaning up empty drafts', () => {
  it('deletes never-saved drafts older than a day, and nothing else', async () => {
    const db = t.database.db;
    const old = new Date(Date.now() - EMPTY_DRAFT_MAX_AGE_MS - 60_000);
    const emptyOld = await createProduct(db, seller.id, { isDraft: true, createdAt: old, updatedAt: old });
    const emptyNew = await createDraft();
    const savedOld = await createProduct(db, seller.id, { isDraft: true, createdAt: old, updatedAt: new Date() });
    const listedOld = await createProduct(db, seller.id, { createdAt: old, updatedAt: old });
    expect(await deleteEmptyDrafts(db)).toBe(1);
    const left = (await db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(left).not.toContain(emptyOld.id);
    expect(left).toEqual(expect.arrayContaining([emptyNew._id, savedOld.id, listedOld.id]));
    // A day later the new one goes too.
    expect(await deleteEmptyDrafts(db, new Date(Date.now() + EMPTY_DRAFT_MAX_AGE_MS + 60_000))).toBeGreaterThanOrEqual(
      1,
    );
    expect((await db.select().from(products).where(eq(products.id, emptyNew._id))).length).toBe(0);
  });
});
