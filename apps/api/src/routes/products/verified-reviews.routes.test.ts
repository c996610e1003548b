/**
 * Reviews by customers who bought the product are marked verified; the
 * seller's rating (Top Sellers) counts verified reviews only, so accounts that never bought
 * cannot bomb it; a deleted account's reviews show a neutral name.
 */
import type { ProductDetails, ProductListResponse, TopSeller } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { FORMER_CUSTOMER_NAME } from '#api/modules/catalog/reviews.service.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createPurchase } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ readCache: false });
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

const review = (productId: string, who: Session, rating: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: bearer(who.token),
    payload: { rating, comment: `Betyg ${rating}` },
  });
const load = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetails;

describe('verified purchases', () => {
  it('marks a review verified only when its author has a paid or delivered order of the product', async () => {
    const anna = await shop(t, { name: 'Annas Ateljé' });
    const p = await product(t, anna.id, { countInStock: 10 });
    const buyer = await customer(t, 'Bo Köpare');
    const unpaidBuyer = await customer(t, 'Ulla Obetald');
    const stranger = await customer(t, 'Frans Främling');
    const paid = await placeOrder(t, buyer, [{ product: p.id, qty: 1 }]);
    await t.database.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.id, paid._id));
    await placeOrder(t, unpaidBuyer, [{ product: p.id, qty: 1 }]);

    const verified = await review(p.id, buyer, 5);
    expect(verified.statusCode).toBe(201);
    expect(verified.json().review).toMatchObject({ name: 'Bo Köpare', verified: true });
    expect((await review(p.id, unpaidBuyer, 2)).json().review.verified).toBe(false);
    expect((await review(p.id, stranger, 1)).json().review.verified).toBe(false);

    const byName = new Map((await load(p.id)).reviews.map((r) => [r.name, r.verified]));
    expect(Object.fromEntries(byName)).toEqual({ 'Bo Köpare': true, 'Ulla Obetald': false, 'Frans Främling': false });
  });

  it('keeps a seller’s rating on verified reviews: twenty fresh accounts cannot bomb it', async () => {
    const bosse = await shop(t, { name: 'Bosses Bod' });
    const p = await product(t, bosse.id, { countInStock: 100 });
    for (const rating of [5, 4]) {
      const buyer = await customer(t, `Köpare ${rating}`);
      await createPurchase(t.database.db, { buyerId: buyer.id, sellerId: bosse.id, productId: p.id });
      expect((await review(p.id, buyer, rating)).statusCode).toBe(201);
    }
    for (let i = 0; i < 20; i++) {
      expect((await review(p.id, await customer(t, `Bot ${i}`), 1)).statusCode).toBe(201);
    }
    const details = await load(p.id);
    // The product counts every review, but is rated from the two verified ones …
    expect(details).toMatchObject({ numReviews: 22, rating: 4.5, verifiedRating: 4.5, numVerifiedReviews: 2 });
    // … and so is the seller, which ranks Top Sellers.
    expect(details.seller.seller).toMatchObject({ rating: 4.5, numReviews: 2 });
    const top = (await t.app.inject({ method: 'GET', url: '/api/users/top-sellers' })).json() as TopSeller[];
    expect(top.find((s) => s._id === bosse.id)?.seller).toMatchObject({ rating: 4.5, numReviews: 2 });
  });
});

describe('a product’s rating', () => {
  it('is its reviews’ mean while none is verified, then its verified reviews’ mean; ten fresh accounts cannot bomb it', async () => {
    const dora = await shop(t, { name: 'Doras Dosor' });
    const p = await product(t, dora.id, { countInStock: 100 });
    // Nobody has bought it yet: the product shows its reviews' rating, as the spec's page does.
    expect((await review(p.id, await customer(t, 'Tidig Tyckare'), 4)).statusCode).toBe(201);
    expect(await load(p.id)).toMatchObject({ rating: 4, numReviews: 1, verifiedRating: 0, numVerifiedReviews: 0 });

    const buyer = await customer(t, 'Köpare Kvist');
    await createPurchase(t.database.db, { buyerId: buyer.id, sellerId: dora.id, productId: p.id });
    expect((await review(p.id, buyer, 5)).statusCode).toBe(201);
    expect(await load(p.id)).toMatchObject({ rating: 5, numReviews: 2, verifiedRating: 5, numVerifiedReviews: 1 });

    for (let i = 0; i < 10; i++) {
      expect((await review(p.id, await customer(t, `Bombare ${i}`), 1)).statusCode).toBe(201);
    }
    expect(await load(p.id)).toMatchObject({ rating: 5, numReviews: 12, verifiedRating: 5, numVerifiedReviews: 1 });
    // The lists show the same figures, and the rating filter reads them.
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/products?seller=${dora.id}&rating=5` })
    ).json() as ProductListResponse;
    expect(
      list.products.map((listed) => [listed._id, listed.rating, listed.numReviews, listed.numVerifiedReviews]),
    ).toEqual([[p.id, 5, 12, 1]]);
  });

  it('is the verified reviews’ mean when an unverified review rates higher too', async () => {
    const eva = await shop(t, { name: 'Evas Etuier' });
    const p = await product(t, eva.id, { countInStock: 10 });
    const buyer = await customer(t, 'Vera Verifierad');
    await createPurchase(t.database.db, { buyerId: buyer.id, sellerId: eva.id, productId: p.id });
    expect((await review(p.id, buyer, 2)).statusCode).toBe(201);
    expect((await review(p.id, await customer(t, 'Olle Overifierad'), 5)).statusCode).toBe(201);
    expect(await load(p.id)).toMatchObject({ rating: 2, numReviews: 2, verifiedRating: 2, numVerifiedReviews: 1 });
  });
});

describe('reviews of deleted accounts', () => {
  it('show "Tidigare kund", whether the account was removed or anonymised', async () => {
    const carl = await shop(t, { name: 'Carls Café' });
    const p = await product(t, carl.id, { countInStock: 10 });
    const removed = await customer(t, 'Rut Raderad');
    const anonymised = await customer(t, 'Anna Anonym');
    await placeOrder(t, anonymised, [{ product: p.id, qty: 1 }]);
    expect((await review(p.id, removed, 4)).statusCode).toBe(201);
    expect((await review(p.id, anonymised, 3)).statusCode).toBe(201);

    for (const who of [removed, anonymised]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${who.id}`, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(200);
    }
    const names = (await load(p.id)).reviews.map((r) => r.name);
    expect(names).toEqual([FORMER_CUSTOMER_NAME, FORMER_CUSTOMER_NAME]);
    expect(JSON.stringify(await load(p.id))).not.toMatch(/Rut Raderad|Anna Anonym/);
  });
});
