/**
 * A review reads its session's user with the product's facts (`readsSessionUser`,
 * modules/catalog/product-facts.service.ts): the statements a review costs, and the session's
 * refusals, which come before anything about the product, as the auth guard gave them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, users } from '#api/db/schema.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
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
