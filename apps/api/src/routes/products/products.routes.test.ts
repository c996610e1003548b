import type { ProductDetails } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers } from '#api/db/schema.ts';
import { createProduct, createPurchase, createSeller, createUser, PRODUCT_EDIT } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let owner: { id: string; token: string };
let otherSeller: { id: string; token: string };
let customer: { id: string; token: string };
let admin: { id: string; token: string };

const session = async (email: string) => {
  const s = await signInAs(t.app, email);
  return { id: s._id, token: s.token };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createSeller(db, { user: { email: 'agare@example.se' }, seller: { plan: '1' } });
  await createSeller(db, { user: { email: 'annan-saljare@example.se' } });
  await createUser(db, { email: 'kund@example.se' });
  await createUser(db, { email: 'admin@example.se', isAdmin: true });
  owner = await session('agare@example.se');
  otherSeller = await session('annan-saljare@example.se');
  customer = await session('kund@example.se');
  admin = await session('admin@example.se');
});
afterAll(() => t.close());

const validUpdate = PRODUCT_EDIT;

describe('creating products', () => {
  it('lets sellers create an empty product, and no one else', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/products' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(201);
    const { product } = res.json() as { product: ProductDetails };
    expect(product).toMatchObject({ price: 0, countInStock: 0, seller: { _id: owner.id } });
  });

  it('enforces the plan limit on products that are not drafts: 5 on plan 1, 50 on plan 2', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { email: 'plan1@example.se' }, seller: { plan: '1' } });
    const s = await session('plan1@example.se');
    const create = () => t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(s.token) });
    const publish = (id: string, n: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: bearer(s.token),
        payload: { ...validUpdate, name: `Vara ${n}` },
      });
    // Drafts never count: six of them are made, and five can still be published.
    const drafts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await create();
      expect(res.statusCode).toBe(201);
      drafts.push((res.json() as { product: ProductDetails }).product._id);
    }
    const usage = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/products?scope=manage&seller=${s.id}`,
          headers: bearer(s.token),
        })
      ).json().planProducts;
    expect(await usage()).toEqual({ count: 0, max: 5 });
    for (const [n, id] of drafts.slice(0, 5).entries()) expect((await publish(id, n)).statusCode).toBe(200);
    expect(await usage()).toEqual({ count: 5, max: 5 });
    // The sixth publish is where the limit holds; the draft stays a draft.
    const sixth = await publish(drafts[5] ?? '', 5);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().message).toBe('Your plan allows at most 5 products.');
    const [left] = await db
      .select()
      .from(products)
      .where(eq(products.id, drafts[5] ?? ''));
    expect(left).toMatchObject({ isDraft: true, name: 'New product' });
    // A seller whose listed products fill the plan cannot make a draft that could never be published.
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your plan allows at most 5 products.');
    // Deleting a listed product makes room for the draft again.
    await db.delete(products).where(eq(products.id, drafts[0] ?? ''));
    expect((await publish(drafts[5] ?? '', 5)).statusCode).toBe(200);

    await db.update(sellers).set({ plan: '2' }).where(eq(sellers.userId, user.id));
    for (let i = 5; i < 50; i++) await createProduct(db, user.id);
    const fiftyFirst = await create();
    expect(fiftyFirst.statusCode).toBe(403);
    expect(fiftyFirst.json().message).toBe('Your plan allows at most 50 products.');
  });

  it('holds the plan limit when publishes race', async () => {
    const db = t.database.db;
    const { user } = await createSeller(db, { user: { email: 'rusar@example.se' }, seller: { plan: '1' } });
    const s = await session('rusar@example.se');
    for (let i = 0; i < 3; i++) await createProduct(db, user.id);
    const drafts = await Promise.all(
      Array.from({ length: 6 }, () => createProduct(db, user.id, { isDraft: true, name: 'New product', priceOre: 0 })),
    );
    const results = await Promise.all(
      drafts.map((draft, n) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/products/${draft.id}`,
          headers: bearer(s.token),
          payload: { ...validUpdate, name: `Rusning ${n}` },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    const rows = await db.select().from(products).where(eq(products.sellerId, s.id));
    expect(rows.filter((row) => !row.isDraft)).toHaveLength(5);
  });

  it('makes drafts at once, none counting against the plan', async () => {
    await createSeller(t.database.db, { user: { email: 'utkast@example.se' }, seller: { plan: '1' } });
    const s = await session('utkast@example.se');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(s.token) })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.database.db.select().from(products).where(eq(products.sellerId, s.id));
    expect(rows.filter((row) => row.isDraft)).toHaveLength(8);
  });
});

describe('updating and deleting products', () => {
  it('lets the owner and admins update, refuses everyone else', async () => {
    const product = await createProduct(t.database.db, owner.id);
    const put = (token?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: token ? bearer(token) : {},
        payload: validUpdate,
      });
    expect((await put()).statusCode).toBe(401);
    expect((await put(customer.token)).statusCode).toBe(403);
    expect((await put(otherSeller.token)).statusCode).toBe(403);
    const mine = await put(owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().product).toMatchObject({
      name: 'Handgjord skål',
      price: 249.5,
      shipping_price: 49,
      countInStock: 7,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ priceOre: 24_950, shippingPriceOre: 4_900 });
    expect((await put(admin.token)).statusCode).toBe(200);
  });

  it('validates prices and stock, and changes nothing on a bad payload', async () => {
    const product = await createProduct(t.database.db, owner.id, { name: 'Orörd' });
    for (const [bad, field] of [
      [{ price: -5 }, 'price'],
      [{ price: 'gratis' }, 'price'],
      [{ countInStock: 2.5 }, 'countInStock'],
      [{ shipping_price: -1 }, 'shipping_price'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(owner.token),
        payload: { ...validUpdate, ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.name).toBe('Orörd');
  });

  it('ignores fields that are not the product form’s, such as the seller or the rating', async () => {
    const product = await createProduct(t.database.db, owner.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(owner.token),
      payload: { ...validUpdate, seller: otherSeller.id, rating: 5, numReviews: 99 },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ sellerId: owner.id, rating: 0, numReviews: 0 });
  });

  it('lets the owner and admins delete; unknown ids are 404', async () => {
    const a = await createProduct(t.database.db, owner.id);
    const b = await createProduct(t.database.db, owner.id);
    const del = (id: string, token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(token) });
    expect((await del(a.id, otherSeller.token)).statusCode).toBe(403);
    expect((await del(a.id, owner.token)).statusCode).toBe(200);
    expect((await del(b.id, admin.token)).statusCode).toBe(200);
    expect((await del(a.id, owner.token)).statusCode).toBe(404);
    expect((await del('nope', owner.token)).statusCode).toBe(404);
  });
});

describe('reviews', () => {
  it('adds one review per user and recomputes product and seller ratings', async () => {
    const db = t.database.db;
    const { user: seller } = await createSeller(db, { user: { email: 'betyg@example.se' } });
    const p1 = await createProduct(db, seller.id);
    const p2 = await createProduct(db, seller.id);
    const u1 = await createUser(db, { email: 'r1@example.se', name: 'Rita Recensent' });
    const u2 = await createUser(db, { email: 'r2@example.se' });
    // Bought first, so the reviews are verified purchases and count in the seller's rating too.
    for (const [buyer, product] of [
      [u1, p1],
      [u2, p1],
      [u1, p2],
    ] as const) {
      await createPurchase(db, { buyerId: buyer.id, sellerId: seller.id, productId: product.id });
    }
    const r1 = await session('r1@example.se');
    const r2 = await session('r2@example.se');
    const review = (productId: string, token: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/reviews`,
        headers: bearer(token),
        payload: body,
      });

    const first = await review(p1.id, r1.token, { rating: 5, comment: 'Toppen!', name: 'Falskt Namn' });
    expect(first.statusCode).toBe(201);
    expect(first.json().review).toMatchObject({ rating: 5, comment: 'Toppen!', name: 'Rita Recensent' });
    expect((await review(p1.id, r2.token, { rating: 2, comment: 'Sådär.' })).statusCode).toBe(201);
    expect((await review(p2.id, r1.token, { rating: 3, comment: 'Okej.' })).statusCode).toBe(201);

    const again = await review(p1.id, r1.token, { rating: 1, comment: 'Igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already submitted a review for this product.');

    const details = (await t.app.inject({ method: 'GET', url: `/api/products/${p1.id}` })).json() as ProductDetails;
    expect(details).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(details.seller.seller.numReviews).toBe(3);
    expect(details.seller.seller.rating).toBeCloseTo(10 / 3, 5);

    // Deleting a reviewed product takes its reviews with it, and the seller's figures follow.
    const sellerSession = await session('betyg@example.se');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${p1.id}`,
      headers: bearer(sellerSession.token),
    });
    expect(deleted.statusCode).toBe(200);
    const [shop] = await db.select().from(sellers).where(eq(sellers.userId, seller.id));
    expect(shop).toMatchObject({ numReviews: 1, rating: 3 });
  });

  it('answers the review as stored, and keeps the figures exact when reviews arrive at once', async () => {
    const db = t.database.db;
    const { user: seller } = await createSeller(db, { user: { email: 'samtidig@example.se' } });
    const product = await createProduct(db, seller.id);
    const reviewers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => {
        await createUser(db, { email: `samtidig${n}@example.se` });
        return session(`samtidig${n}@example.se`);
      }),
    );
    const post = (token: string, rating: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: bearer(token),
        payload: { rating, comment: `Betyg ${rating}` },
      });
    // Six reviewers at once, and the first of them twice: exactly one of those two is taken.
    const [first, second] = reviewers;
    if (!first || !second) throw new Error('reviewers missing');
    const answers = await Promise.all([
      ...reviewers.map((r, i) => post(r.token, Math.min(i + 1, 5))),
      post(first.token, 1),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409]);

    const details = (
      await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })
    ).json() as ProductDetails;
    expect(details.numReviews).toBe(6);
    expect(details.rating).toBeCloseTo((1 + 2 + 3 + 4 + 5 + 5) / 6, 5);
    // None bought the product: the seller's figures stay where they were.
    expect(details.seller.seller).toMatchObject({ numReviews: 0, rating: 0 });
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().review);
    expect(details.reviews).toHaveLength(6);
    for (const review of created) expect(details.reviews).toContainEqual(review);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/products/00000000-0000-4000-8000-000000000000/reviews',
      headers: bearer(second.token),
      payload: { rating: 4, comment: 'Finns inte' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product Not Found');
  });

  it('refuses reviews without a rating or comment, by visitors, and of one’s own product', async () => {
    const product = await createProduct(t.database.db, owner.id);
    const post = (body: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: token ? bearer(token) : {},
        payload: body,
      });
    expect((await post({ comment: 'Inget betyg' }, customer.token)).json().message).toContain('Please enter rating.');
    expect((await post({ rating: 4, comment: '' }, customer.token)).json().message).toContain('Please enter comment.');
    expect((await post({ rating: 4, comment: 'Bra' })).statusCode).toBe(401);
    expect((await post({ rating: 4, comment: 'Bäst' }, owner.token)).statusCode).toBe(403);
    expect((await post({ rating: 6, comment: 'För bra' }, customer.token)).statusCode).toBe(400);
  });
});
