/**
 * A review and a product edit read their session's user with the product (`readsSessionUser`,
 * modules/catalog/session-product-read.ts): the statements each costs, and the session's
 * refusals, which come before anything about the product, as the auth guard gave them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, users } from '#api/db/schema.ts';
import { createProduct, createSeller, createUser, PRODUCT_EDIT } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let sellerId: string;

beforeAll(async () => {
  t = await createTestApp({ statementCountHeader: true });
  ({
    user: { id: sellerId },
  } = await createSeller(t.database.db, { user: { email: 'recenserad@example.se' } }));
});
afterAll(() => t.close());

/** A signed-in customer; `change` is then made to their account, so their token predates it. */
async function customer(email: string, change?: Partial<typeof users.$inferInsert>) {
  const user = await createUser(t.database.db, { email, name: 'Rut Recensent' });
  const { token } = await signInAs(t.app, email);
  if (change) await t.database.db.update(users).set(change).where(eq(users.id, user.id));
  return { id: user.id, token };
}

const postReview = (productId: string, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: token ? bearer(token) : {},
    payload: { rating: 4, comment: 'Fin.' },
  });

const statementsOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-sql-statements']);

const reviewCount = async (productId: string) =>
  (await t.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, productId))).length;

describe('a review', () => {
  it("is two statements: the session's user with the product's facts, then the review", async () => {
    const product = await createProduct(t.database.db, sellerId);
    const { token } = await customer('rut@example.se');
    const res = await postReview(product.id, token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().review).toMatchObject({ name: 'Rut Recensent', rating: 4 });
    expect(statementsOf(res)).toBe(2);
  });

  it('refuses a deleted account, or a token from before a password change, before the product', async () => {
    const product = await createProduct(t.database.db, sellerId);
    const deleted = await customer('borta@example.se', { deletedAt: new Date() });
    const renewed = await customer('ny-kod@example.se', { tokenVersion: 1 });
    for (const session of [deleted, renewed]) {
      for (const id of [product.id, crypto.randomUUID(), 'no-uuid']) {
        const res = await postReview(id, session.token);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Session ended. Please sign in again.' });
        expect(statementsOf(res)).toBe(1);
      }
    }
    expect(await reviewCount(product.id)).toBe(0);
  });

  it('refuses a missing or bad token before any statement', async () => {
    const product = await createProduct(t.database.db, sellerId);
    for (const [token, message] of [
      [null, 'No Token'],
      ['not-a-token', 'Invalid Token'],
    ] as const) {
      const res = await postReview(product.id, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message });
      expect(statementsOf(res)).toBe(0);
    }
    expect(await reviewCount(product.id)).toBe(0);
  });

  it('of a product that is not there is a 404 for a live session, whatever the id looks like', async () => {
    const { token } = await customer('letar@example.se');
    for (const id of [crypto.randomUUID(), 'no-uuid']) {
      const res = await postReview(id, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Product Not Found' });
    }
  });

  it("of one's own product is still refused (403), with the seller's account as read", async () => {
    const product = await createProduct(t.database.db, sellerId);
    const { token } = await signInAs(t.app, 'recenserad@example.se');
    const res = await postReview(product.id, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot review your own product.' });
  });
});

const edit = { ...PRODUCT_EDIT, name: 'Ändrad skål' };

const putProduct = (productId: string, token: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}`,
    headers: token ? bearer(token) : {},
    payload: edit,
  });

const nameOf = async (productId: string) =>
  (await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, productId)))[0]?.name;

describe('a product edit', () => {
  it("is three statements: the session's user with the product, the update, the answer's read", async () => {
    const product = await createProduct(t.database.db, sellerId, { name: 'Skål' });
    const { token } = await signInAs(t.app, 'recenserad@example.se');
    const res = await putProduct(product.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Product Updated', product: { _id: product.id, name: 'Ändrad skål' } });
    expect(statementsOf(res)).toBe(3);
  });

  it("refuses an ended session before the product, and the product's 404 and 403 follow it", async () => {
    const product = await createProduct(t.database.db, sellerId, { name: 'Kvar' });
    const { user: gone } = await createSeller(t.database.db, { user: { email: 'slutat@example.se' } });
    const { token: goneToken } = await signInAs(t.app, 'slutat@example.se');
    await t.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, gone.id));
    for (const id of [product.id, crypto.randomUUID(), 'no-uuid']) {
      const res = await putProduct(id, goneToken);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Session ended. Please sign in again.' });
      expect(statementsOf(res)).toBe(1);
    }
    const missingToken = await putProduct(product.id, null);
    expect(missingToken.statusCode).toBe(401);
    expect(statementsOf(missingToken)).toBe(0);
    const { token: customerToken } = await customer('inte-min@example.se');
    const notTheirs = await putProduct(product.id, customerToken);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toEqual({ message: 'You can only change your own products.' });
    for (const id of [crypto.randomUUID(), 'no-uuid']) {
      const res = await putProduct(id, customerToken);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Product Not Found' });
    }
    expect(await nameOf(product.id)).toBe('Kvar');
  });

  it("lets an admin edit another seller's product, as read with the session", async () => {
    const product = await createProduct(t.database.db, sellerId, { name: 'Adminens' });
    await createUser(t.database.db, { email: 'admin-redigerar@example.se', isAdmin: true });
    const { token } = await signInAs(t.app, 'admin-redigerar@example.se');
    const res = await putProduct(product.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await nameOf(product.id)).toBe('Ändrad skål');
  });
});
