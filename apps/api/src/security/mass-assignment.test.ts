/**
 * Mass assignment: roles, ratings, review counts, order prices, paid and delivered flags and
 * ownership cannot be set by stuffing fields into a payload. Each can change only through the
 * endpoint made for it, by the role allowed to use it (shown here as the positive controls).
 */
import type { Order, UserDetails } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, reviews, sellers, siteSettings, users } from '#api/db/schema.ts';
import { ADDRESS, customer, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createReview, createUser } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { completedPaypalPaymentFor, createSecurityTestApp, freshOrder, type SecurityTestApp } from './security-kit';

let t: SecurityTestApp;
beforeAll(async () => {
  t = await createSecurityTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

const userRow = async (id: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
};
const sellerRow = async (id: string) => {
  const [row] = await t.database.db.select().from(sellers).where(eq(sellers.userId, id));
  return row;
};
const orderRow = async (id: string) => {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
};

/** Every way a payload might name a role, a rating or an owner. */
const ROLE_FIELDS = {
  is_admin: true,
  isAdmin: true,
  is_seller: true,
  isSeller: true,
  token_version: 99,
  tokenVersion: 99,
  deleted_at: null,
  rating: 5,
  numReviews: 999,
  num_reviews: 999,
  seller_rating: 5,
  seller_numReviews: 999,
  seller_num_reviews: 999,
  seller: { rating: 5, numReviews: 999, plan: '3' },
};

describe('accounts', () => {
  it('registering cannot set roles, the application flag, an id or a token version', async () => {
    const someone = await createUser(t.database.db);
    const res = await call('POST', '/api/users/register', null, {
      name: 'Smart Sara',
      email: 'smart-sara@example.se',
      password: 'ett-långt-lösen',
      ...ROLE_FIELDS,
      wants_to_be_seller: true,
      _id: someone.id,
      id: someone.id,
      userId: someone.id,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as UserDetails;
    expect(created._id).not.toBe(someone.id);
    expect(await userRow(created._id)).toMatchObject({
      isAdmin: false,
      isSeller: false,
      wantsToBeSeller: false,
      tokenVersion: 0,
    });
    expect(await sellerRow(created._id)).toBeUndefined();
    expect(await userRow(someone.id)).toMatchObject({ email: someone.email, name: someone.name });
  });

  it('a profile update cannot set roles, the plan, ratings or another user’s fields', async () => {
    const me = await customer(t, 'Profil Persson');
    const other = await createUser(t.database.db, { name: 'Annan Andersson' });
    const res = await call('PUT', '/api/users/profile', me, {
      name: 'Nytt Namn',
      ...ROLE_FIELDS,
      _id: other.id,
      id: other.id,
      userId: other.id,
      user: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(me.id);
    expect(await userRow(me.id)).toMatchObject({
      name: 'Nytt Namn',
      isAdmin: false,
      isSeller: false,
      wantsToBeSeller: false,
      tokenVersion: 0,
    });
    expect(await sellerRow(me.id)).toBeUndefined();
    expect(await userRow(other.id)).toMatchObject({ name: 'Annan Andersson', updatedAt: other.updatedAt });
  });

  it('wants_to_be_seller is set only by a complete application, and only to true', async () => {
    const me = await customer(t, 'Sökande Svensson');
    expect((await call('PUT', '/api/users/profile', me, { wants_to_be_seller: true })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/profile', me, { wants_to_be_seller: 'yes' })).statusCode).toBe(400);
    expect((await userRow(me.id))?.wantsToBeSeller).toBe(false);
    const application = {
      wants_to_be_seller: true,
      seller_plan: '2',
      seller_name: 'Söks Butik',
      seller_address: 'Storgatan 1',
      seller_post_number: '111 51',
      seller_city: 'Stockholm',
      seller_phone: '08-123 456',
      seller_organisation_number: '556016-0680',
      seller_type: 'business',
      seller_legal_name: 'Söks Butik AB',
      seller_self_certified: true,
    };
    expect((await call('PUT', '/api/users/profile', me, { ...application, seller_plan: '3' })).statusCode).toBe(400);
    const applied = await call('PUT', '/api/users/profile', me, { ...application, ...ROLE_FIELDS });
    expect(applied.statusCode).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ wantsToBeSeller: true, isSeller: false, isAdmin: false });
    expect(await sellerRow(me.id)).toMatchObject({ plan: '2', rating: 0, numReviews: 0 });
  });

  it('a seller’s shop settings cannot change the plan, the rating or the review count', async () => {
    const seller = await shop(t, { name: 'Planbutiken' });
    await t.database.db.update(sellers).set({ plan: '1' }).where(eq(sellers.userId, seller.id));
    const res = await call('PUT', '/api/users/profile', seller, {
      seller_subtitle: 'Ny underrubrik',
      seller_plan: '2',
      ...ROLE_FIELDS,
    });
    expect(res.statusCode).toBe(200);
    expect(await sellerRow(seller.id)).toMatchObject({
      subtitle: 'Ny underrubrik',
      plan: '1',
      rating: 0,
      numReviews: 0,
    });
    expect(await userRow(seller.id)).toMatchObject({ isAdmin: false, isSeller: true });
    // A custom domain is a plan-2 feature; plan 1 is refused however the payload is dressed.
    const domain = await call('PUT', '/api/users/profile', seller, {
      seller_domain: 'plan.example.se',
      seller_plan: '2',
    });
    expect(domain.statusCode).toBe(403);
    expect((await sellerRow(seller.id))?.domain).toBeNull();
  });

  it('saving a shipping address writes the caller’s account only', async () => {
    const me = await customer(t, 'Adress Andersson');
    const other = await createUser(t.database.db, { shippingCity: 'Kiruna' });
    const res = await call('PUT', '/api/users/save_shipping_address', me, {
      _id: other.id,
      user: other.id,
      is_admin: true,
      shipping_full_name: 'Eva Ek',
      shipping_address: 'Storgatan 1',
      shipping_postal_code: '903 25',
      shipping_city: 'Umeå',
      shipping_country: 'Sverige',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(me.id);
    expect(await userRow(me.id)).toMatchObject({ shippingCity: 'Umeå', isAdmin: false });
    expect((await userRow(other.id))?.shippingCity).toBe('Kiruna');
  });

  it('the admin endpoint sets roles (its purpose) but nothing else of the account', async () => {
    const target = await createUser(t.database.db, { name: 'Mål Månsson' });
    const res = await call('PUT', `/api/users/${target.id}`, t.cast.admin, {
      is_seller: true,
      name: 'Kapad',
      email: 'kapad@example.se',
      password: 'ett-nytt-lösen',
      passwordHash: 'x',
      token_version: 5,
      wants_to_be_seller: true,
      _id: t.cast.customer.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(target.id)).toMatchObject({
      isSeller: true,
      name: 'Mål Månsson',
      email: target.email,
      passwordHash: target.passwordHash,
      tokenVersion: 0,
      wantsToBeSeller: false,
    });
    expect((await userRow(t.cast.customer.id))?.isSeller).toBe(false);
  });
});

describe('catalogue', () => {
  it('a product update cannot change its rating, review count or seller', async () => {
    const p = await product(t, t.cast.owner.id, { rating: 2, numReviews: 1 });
    const res = await call('PUT', `/api/products/${p.id}`, t.cast.owner, {
      name: 'Ny',
      price: 10,
      countInStock: 1,
      ...ROLE_FIELDS,
      _id: 'something-else',
      seller: t.cast.otherSeller.id,
      sellerId: t.cast.otherSeller.id,
      seller_id: t.cast.otherSeller.id,
      user: t.cast.otherSeller.id,
      reviews: [{ rating: 5, name: 'Fake' }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ name: 'Ny', rating: 2, numReviews: 1, sellerId: t.cast.owner.id });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.productId, p.id))).toHaveLength(0);
  });

  it('a review is the caller’s, under the account’s name; ratings follow from reviews only', async () => {
    const p = await product(t, t.cast.owner.id);
    await createReview(t.database.db, {
      productId: p.id,
      sellerId: t.cast.owner.id,
      userId: t.cast.otherCustomer.id,
      rating: 1,
    });
    const res = await call('POST', `/api/products/${p.id}/reviews`, t.cast.customer, {
      rating: 5,
      comment: 'Toppen',
      name: 'Admin Adminsson',
      user: t.cast.admin.id,
      userId: t.cast.admin.id,
      product: 'another',
      numReviews: 100,
    });
    expect(res.statusCode).toBe(201);
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, t.cast.customer.id));
    expect(review).toMatchObject({ name: 'Kim Köpare', productId: p.id, rating: 5 });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ rating: 3, numReviews: 2 });
  });
});

describe('orders', () => {
  it('placing an order takes prices, flags, buyer and seller from the server, never the payload', async () => {
    const p = await product(t, t.cast.owner.id, { priceOre: 25_000, shippingPriceOre: 3_000, countInStock: 5 });
    const res = await call('POST', '/api/orders', t.cast.customer, {
      orderItems: [{ product: p.id, qty: 2, price: 0.01, shipping_price: 0, name: 'Gratis', countInStock: 999 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
      itemsPrice: 0.01,
      shippingPrice: 0,
      taxPrice: -100,
      totalPrice: 0.01,
      isPaid: true,
      paidAt: '2020-01-01',
      isDelivered: true,
      deliveredAt: '2020-01-01',
      paymentResult: { status: 'COMPLETED' },
      user: t.cast.otherCustomer.id,
      seller: t.cast.otherSeller.id,
      _id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(201);
    const order = (res.json() as { order: Order }).order;
    expect(order._id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await orderRow(order._id)).toMatchObject({
      userId: t.cast.customer.id,
      sellerId: t.cast.owner.id,
      itemsPriceOre: 50_000,
      shippingPriceOre: 6_000,
      taxPriceOre: 0,
      totalPriceOre: 56_000,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      paymentResult: null,
    });
    expect(order.orderItems[0]).toMatchObject({ name: p.name, price: 250, qty: 2 });
  });

  it('the seller’s Swish update sets the flags (its purpose) and nothing else; the buyer cannot', async () => {
    const order = await freshOrder(t);
    const stuffed = {
      is_paid: true,
      paid_date: '2026-01-02',
      is_delivered: true,
      delivered_date: '2026-01-03',
      totalPrice: 0,
      total_price: 0,
      itemsPrice: 0,
      user: t.cast.otherCustomer.id,
      seller: t.cast.otherSeller.id,
      paymentMethod: 'PayPal',
    };
    expect((await call('PUT', `/api/orders/${order._id}/update`, t.cast.customer, stuffed)).statusCode).toBe(403);
    expect(await orderRow(order._id)).toMatchObject({ isPaid: false, isDelivered: false });
    const res = await call('PUT', `/api/orders/${order._id}/update`, t.cast.owner, stuffed);
    expect(res.statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({
      isPaid: true,
      isDelivered: true,
      totalPriceOre: 30_800,
      userId: t.cast.customer.id,
      sellerId: t.cast.owner.id,
      paymentMethod: 'Swish',
    });
  });

  it('a PayPal order is paid only by a payment PayPal confirms, never by the seller or the payload', async () => {
    const order = await freshOrder(t, 'PayPal');
    const bySeller = await call('PUT', `/api/orders/${order._id}/update`, t.cast.owner, {
      is_paid: true,
      paid_date: '2026-01-02',
      is_delivered: false,
    });
    expect(bySeller.statusCode).toBe(400);
    const claimed = await call('PUT', `/api/orders/${order._id}/pay`, t.cast.customer, {
      id: 'FAKE123',
      status: 'COMPLETED',
      isPaid: true,
      update_time: '2026-01-01T00:00:00Z',
      email_address: 'kund@example.se',
    });
    expect(claimed.statusCode).toBe(400);
    // A real payment, but of another order.
    const other = await freshOrder(t, 'PayPal');
    const wrong = await call('PUT', `/api/orders/${order._id}/pay`, t.cast.customer, {
      id: await completedPaypalPaymentFor(t, other),
    });
    expect(wrong.statusCode).toBe(400);
    expect((await orderRow(order._id))?.isPaid).toBe(false);
    // The endpoint made for it: the buyer, with this order's confirmed payment.
    const paid = await call('PUT', `/api/orders/${order._id}/pay`, t.cast.customer, {
      id: await completedPaypalPaymentFor(t, order),
    });
    expect(paid.statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, isDelivered: false, totalPriceOre: 30_800 });
  });
});

describe('site settings', () => {
  it('stay one row, whatever id the payload names', async () => {
    const res = await call('PUT', '/api/settings', t.cast.admin, { id: 2, about_text: '<p>Om</p>', updatedAt: 0 });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(siteSettings);
    expect(rows.map((r) => r.id)).toEqual([1]);
  });
});
