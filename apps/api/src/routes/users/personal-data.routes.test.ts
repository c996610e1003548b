/**
 * GET /api/users/me/export and DELETE /api/users/me, through the real app and database: two buyers
 * with orders, reviews and messages at one shop; each export holds its user's rows and nobody
 * else's; erasure needs the password, is refused while something still needs the person, keeps
 * the orders and the ledger's sums, anonymises, ends every session and mails the old address.
 */
import { ERASED_NAME, ERASURE_REFUSALS, WRONG_PASSWORD } from '@torget/shared/rules/personal-data';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { favourites, ledgerEntries, orders, reviews, sellerPersonalNumbers, sellers, users } from '#api/db/schema.ts';
import { FORMER_CUSTOMER_NAME } from '#api/modules/catalog/reviews.service.ts';
import { customer, placeOrder, product, type Session, sessionOf, shop } from '#api/modules/orders/order-test-kit.ts';
import { NEVER_EXPORTED } from '#api/modules/users/personal-data-map.ts';
import { createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let smtp: SmtpListener;
let seller: Session;
let alva: Session;
let bertil: Session;
let alvaOrder: string;
let bertilOrder: string;
let productId: string;

const ALVA = { name: 'Alva Andersson', street: 'Alvgatan 7', comment: 'Alvas omdöme om skålen', note: 'Alvas fråga' };
const BERTIL = { name: 'Bertil Berg', comment: 'Bertils omdöme om skålen', note: 'Bertils fråga' };

const exportOf = (who: Session) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: bearer(who.token) });
const erase = (who: Session, password: string, language = 'en') =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: { ...bearer(who.token), 'accept-language': language },
    payload: { password },
  });
const markDelivered = (orderId: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/update`,
    headers: bearer(seller.token),
    payload: { is_paid: true, paid_date: '2026-01-02', is_delivered: true, delivered_date: '2026-01-03' },
  });

async function expectOk(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
}

/** A buyer's order, review and message at the seller; answers the order's id. */
async function buyerWithHistory(who: Session, comment: string, note: string): Promise<string> {
  const order = await placeOrder(t, who, [{ product: productId, qty: 1 }]);
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/messages`,
      headers: bearer(who.token),
      payload: { text: note },
    }),
    201,
  );
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/messages`,
      headers: bearer(seller.token),
      payload: { text: `Svar till kunden ${order.orderNumber}` },
    }),
    201,
  );
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers: bearer(who.token),
      payload: { rating: 5, comment },
    }),
    201,
  );
  return order._id;
}

/** The mails that reached `to`, as raw text, waiting up to 5 s for one containing `marker`. */
async function mailTo(to: string, marker: string): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = smtp.inbox.find((mail) => mail.to.includes(to.toLowerCase()) && mail.raw.includes(marker));
    if (found || Date.now() > deadline) return found?.raw;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ledgerSum(sellerId: string): Promise<{ n: number; sum: number }> {
  const [row] = await queryRows<{ n: number; sum: string | number }>(
    t.database.db,
    sql`select count(*)::int as n, coalesce(sum(amount_ore), 0) as sum from ledger_entries where seller_id = ${sellerId}`,
  );
  return { n: row?.n ?? 0, sum: Number(row?.sum ?? 0) };
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url });
  seller = await shop(t, { name: 'Annas Ateljé' });
  productId = (await product(t, seller.id, { name: 'Handgjord skål', countInStock: 50 })).id;
  alva = await customer(t, ALVA.name);
  bertil = await customer(t, BERTIL.name);
  await expectOk(
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/save_shipping_address',
      headers: bearer(alva.token),
      payload: {
        shipping_full_name: ALVA.name,
        shipping_address: ALVA.street,
        shipping_postal_code: '903 25',
        shipping_city: 'Umeå',
        shipping_country: 'Sverige',
      },
    }),
  );
  alvaOrder = await buyerWithHistory(alva, ALVA.comment, ALVA.note);
  // Alva also saves the product and reports it: her saved products and reports are hers too.
  await expectOk(
    await t.app.inject({ method: 'PUT', url: `/api/users/me/favourites/${productId}`, headers: bearer(alva.token) }),
  );
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(alva.token),
    payload: { product: productId, category: 'counterfeit', text: 'Skålen ser ut som en kopia av en känd design.' },
  });
  expect(report.statusCode, report.body).toBe(201);
  bertilOrder = await buyerWithHistory(bertil, BERTIL.comment, BERTIL.note);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('GET /api/users/me/export', () => {
  it('is a download of the user’s own rows: account, address, orders with lines and thread, reviews', async () => {
    const res = await exportOf(alva);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="torget-mina-uppgifter-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json();
    expect(data.format).toBe('torget-personal-data/1');
    expect(data.account).toMatchObject({
      id: alva.id,
      name: ALVA.name,
      email: alva.email,
      shippingAddress: ALVA.street,
    });
    expect(data.ordersAsBuyer).toHaveLength(1);
    const [order] = data.ordersAsBuyer;
    expect(order).toMatchObject({ id: alvaOrder, userId: alva.id, sellerName: 'Annas Ateljé', buyerName: ALVA.name });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productId, name: 'Handgjord skål', qty: 1 });
    expect(order.messages.map((m: { mine: boolean; text: string }) => [m.mine, m.text.slice(0, 10)])).toEqual([
      [true, ALVA.note.slice(0, 10)],
      [false, 'Svar till '],
    ]);
    // The other party's message says who wrote it by role, not by name.
    expect(order.messages[1]).toMatchObject({ authorRole: 'seller' });
    expect(order.messages[1].authorName).toBeUndefined();
    expect(data.reviews).toHaveLength(1);
    expect(data.reviews[0]).toMatchObject({ comment: ALVA.comment, name: ALVA.name, productId });
    expect(data.shop).toBeNull();
    expect(data.favourites.saved).toEqual([{ productId, savedAt: expect.any(String) }]);
    expect(data.reportsMade).toHaveLength(1);
    expect(data.reportsMade[0]).toMatchObject({ productId, category: 'counterfeit', decision: null });
    expect(data.categories.map((c: { key: string }) => c.key)).toEqual(expect.arrayContaining(['orders', 'activity']));
  });

  it('holds nobody else’s data, and no secret or derived column', async () => {
    const text = (await exportOf(alva)).body;
    for (const other of [bertil.id, bertil.email, BERTIL.name, BERTIL.comment, BERTIL.note, bertilOrder]) {
      expect(text).not.toContain(other);
    }
    expect(keysOf(JSON.parse(text)).filter((key) => NEVER_EXPORTED.test(key))).toEqual([]);
    expect(text).not.toMatch(/\$argon2/);
    // Bertil saved and reported nothing; Alva's saved product and report are not in his export.
    const his = (await exportOf(bertil)).json();
    expect(his.favourites.saved).toEqual([]);
    expect(his.reportsMade).toEqual([]);
  });

  it('gives a seller the shop, products and incoming orders, without the buyers’ names or addresses', async () => {
    await t.database.db.insert(sellerPersonalNumbers).values({ sellerId: seller.id, personalNumber: '19790412-1238' });
    const res = await exportOf(seller);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.shop).toMatchObject({ userId: seller.id, name: 'Annas Ateljé', personalNumber: '19790412-****' });
    expect(data.shop.products.map((p: { id: string }) => p.id)).toEqual([productId]);
    expect(data.shop.ordersAsSeller.map((o: { id: string }) => o.id).sort()).toEqual([alvaOrder, bertilOrder].sort());
    expect(data.shop.ordersAsSeller[0].items).toHaveLength(1);
    expect(Array.isArray(data.shop.ledgerEntries)).toBe(true);
    for (const buyers of [ALVA.name, BERTIL.name, alva.email, bertil.email, ALVA.street, alva.id, bertil.id]) {
      expect(res.body).not.toContain(buyers);
    }
    expect(res.body).not.toContain('19790412-1238');
    // Other people’s reviews of the shop’s products stay theirs.
    expect(res.body).not.toContain(ALVA.comment);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const wrong = await erase(alva, 'inte-mitt-lösen');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(alva.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect((await exportOf(alva)).statusCode).toBe(200);
  });

  it('refuses a buyer and a seller while an order is neither delivered nor cancelled', async () => {
    const buyer = await erase(alva, FIXTURE_PASSWORD);
    expect(buyer.statusCode).toBe(409);
    expect(buyer.json().message).toBe(ERASURE_REFUSALS.openOrders);
    const shopOwner = await erase(seller, FIXTURE_PASSWORD);
    expect(shopOwner.statusCode).toBe(409);
    expect(shopOwner.json().message).toBe(ERASURE_REFUSALS.openOrders);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, alva.id));
    expect(me?.deletedAt).toBeNull();
  });

  it('erases a buyer: orders and the ledger kept, the person anonymised, every session ended, mailed', async () => {
    await expectOk(await markDelivered(alvaOrder));
    await expectOk(await markDelivered(bertilOrder));
    const second = await sessionOf(t, alva.email);
    const ledgerBefore = await ledgerSum(seller.id);
    expect(ledgerBefore.n).toBeGreaterThan(0);

    const res = await erase(alva, FIXTURE_PASSWORD, 'sv');
    expect(res.statusCode, res.body).toBe(200);

    for (const session of [alva, second]) {
      const after = await exportOf(session);
      expect(after.statusCode).toBe(401);
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(session.token),
        payload: {},
      });
      expect(profile.statusCode).toBe(401);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: alva.email, password: FIXTURE_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    const [account] = await t.database.db.select().from(users).where(eq(users.id, alva.id));
    expect(account).toMatchObject({ name: ERASED_NAME, shippingAddress: null, passwordHash: '!' });
    expect(account?.email).not.toBe(alva.email);
    expect(account?.deletedAt).not.toBeNull();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, alvaOrder));
    expect(order).toMatchObject({ buyerName: ERASED_NAME, shippingFullName: ERASED_NAME, isDelivered: true });
    expect(order?.shippingAddress).not.toContain('Storgatan');
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, alva.id));
    expect(review?.name).toBe(FORMER_CUSTOMER_NAME);
    expect(await t.database.db.select().from(favourites).where(eq(favourites.userId, alva.id))).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(page.body).not.toContain(ALVA.name);
    expect(page.body).toContain(ALVA.comment);
    expect(await ledgerSum(seller.id)).toEqual(ledgerBefore);

    // Bertil is untouched, and the seller still sees both orders.
    const [other] = await t.database.db.select().from(orders).where(eq(orders.id, bertilOrder));
    expect(other?.buyerName).toBe(BERTIL.name);
    const incoming = await t.app.inject({
      method: 'GET',
      url: `/api/orders?seller=${seller.id}`,
      headers: bearer(seller.token),
    });
    expect(incoming.body).toContain(alvaOrder);
    expect(incoming.body).not.toContain(ALVA.name);

    const mail = await mailTo(alva.email, 'raderat');
    expect(mail, 'the confirmation to the old address').toBeDefined();
  });

  it('refuses a seller whose balance is not zero, then erases once it is, leaving the ledger alone', async () => {
    const owner = await shop(t, { name: 'Saldobutiken' });
    await t.database.db
      .update(sellers)
      .set({ phone: '070-1234567', address: 'Butiksvägen 3' })
      .where(eq(sellers.userId, owner.id));
    await t.database.db.insert(sellerPersonalNumbers).values({ sellerId: owner.id, personalNumber: '19790412-1238' });
    await t.database.db.insert(ledgerEntries).values({
      sellerId: owner.id,
      amountOre: 12_500,
      kind: 'correction',
      note: 'Test',
      bookingKey: `correction:erase:${owner.id}:1`,
    });
    const refused = await erase(owner, FIXTURE_PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ERASURE_REFUSALS.balance);

    await t.database.db.insert(ledgerEntries).values({
      sellerId: owner.id,
      amountOre: -12_500,
      kind: 'correction',
      note: 'Utjämning',
      bookingKey: `correction:erase:${owner.id}:2`,
    });
    const before = await ledgerSum(owner.id);
    expect((await erase(owner, FIXTURE_PASSWORD)).statusCode).toBe(200);
    expect(await ledgerSum(owner.id)).toEqual(before);
    const [shopRow] = await t.database.db.select().from(sellers).where(eq(sellers.userId, owner.id));
    expect(shopRow).toMatchObject({ phone: '', address: '', email: '', swishNumber: '' });
    const numbers = await t.database.db
      .select()
      .from(sellerPersonalNumbers)
      .where(eq(sellerPersonalNumbers.sellerId, owner.id));
    expect(numbers).toEqual([]);
    const storefront = await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(storefront.statusCode).toBe(404);
  });

  it('refuses the last admin, and lets an admin go while another remains', async () => {
    const [{ n: admins } = { n: 0 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where is_admin and deleted_at is null`,
    );
    expect(admins).toBe(0);
    const first = await sessionOf(t, (await createUser(t.database.db, { isAdmin: true })).email);
    const last = await erase(first, FIXTURE_PASSWORD);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(ERASURE_REFUSALS.lastAdmin);
    await createUser(t.database.db, { isAdmin: true });
    expect((await erase(first, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });
});

describe('guessing the password through DELETE /api/users/me', () => {
  it('is limited as sign-in is: 10 attempts a minute per account, then 429, nothing erased', async () => {
    const guesser = await customer(t, 'Gustav Gissare');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await erase(guesser, `gissning-${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Even the right password waits out the minute.
    expect((await erase(guesser, FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect((await exportOf(guesser)).statusCode).toBe(200);
  });
});
