/**
 * /api/reports and products out of public view: a report's validation, its rate limit, the
 * admin-only queue and decisions (each kept: who, when, why; never decided twice), a removed
 * listing gone from every public read (the product, lists, search, suggestions, facets,
 * categories, sitemaps, the server-written page, warmed caches included) while its seller still
 * sees it with the statement of reasons; the mails through the real mailer to an SMTP listener;
 * a shop report's removal; and a seller hiding and showing a product again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModerationReportList, ProductDetails, ProductListResponse } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reports } from '#api/db/schema.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, TEST_RATE_LIMITS, type TestApp } from '#api/test/test-app.ts';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Torget</title></head><body><div id="root"></div></body></html>';
const webDist = mkdtempSync(join(tmpdir(), 'torget-reports-web-'));
let t: TestApp;
let smtp: SmtpListener;
let admin: { id: string; token: string };
let customer: { id: string; email: string; token: string };
let seller: { id: string; email: string; token: string };
/**
 * Made before any sitemap is read: the sitemaps' page starts are kept for minutes
 * (seo/seo-routes.ts), so a product made after the first read would be in no page yet.
 */
let zebra: string;
let grinder: string;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url, webDist });
  const adminUser = await createUser(t.database.db, { name: 'Ada Admin', isAdmin: true });
  admin = { id: adminUser.id, token: (await signInAs(t.app, adminUser.email)).token };
  const customerUser = await createUser(t.database.db, { name: 'Kim Kund' });
  customer = {
    id: customerUser.id,
    email: customerUser.email,
    token: (await signInAs(t.app, customerUser.email)).token,
  };
  const shop = await createSeller(t.database.db, {
    user: { name: 'Sara Säljare' },
    seller: { name: 'Saras Sortiment', hasSwish: true, swishNumber: '1231234567' },
  });
  seller = { id: shop.user.id, email: shop.user.email, token: (await signInAs(t.app, shop.user.email)).token };
  zebra = (
    await createProduct(t.database.db, seller.id, {
      name: 'Zebrafalsk klocka',
      category: 'Zebraklockor',
      image: '/uploads/zebra.webp',
      countInStock: 4,
    })
  ).id;
  grinder = (
    await createProduct(t.database.db, seller.id, {
      name: 'Gömd kaffekvarn',
      category: 'Kvarnkategori',
      image: '/uploads/kvarn.webp',
      countInStock: 2,
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const file = (payload: object, token?: string, remoteAddress = '127.0.0.1', language = 'sv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    remoteAddress,
    payload,
  });
const decide = (id: string, payload: object, token = admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/reports/${id}`, headers: bearer(token), payload });
const queue = async (status: 'open' | 'decided') =>
  (await get(`/api/reports?status=${status}`, admin.token)).json() as ModerationReportList;

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails to `to` that arrived at the SMTP listener, waiting up to 5 s for `count` of them. */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = smtp.inbox.filter((m) => m.to.includes(to.toLowerCase())).map((m) => mailText(m.raw));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every public read a listing shows in, as text: what a shopper (and a crawler) would find. */
async function publicReads(word: string, category: string, productId: string) {
  const reads = {
    product: await get(`/api/products/${productId}`),
    home: await get('/api/products?pageNumber=1'),
    category: await get(`/api/products?category=${encodeURIComponent(category)}`),
    search: await get(`/api/products?name=${encodeURIComponent(word)}`),
    storefront: await get(`/api/products?seller=${seller.id}`),
    suggestions: await get(`/api/products/suggest?q=${encodeURIComponent(word)}`),
    facets: await get(`/api/products/facets?name=${encodeURIComponent(word)}`),
    categories: await get('/api/products/categories'),
    sitemap: await get('/sitemaps/products-1.xml'),
    page: await get(`/product/${productId}`),
  };
  return {
    productStatus: reads.product.statusCode,
    pageStatus: reads.page.statusCode,
    pageHasTags: reads.page.body.includes('og:title'),
    home: reads.home.body.includes(productId),
    category: reads.category.body.includes(productId),
    search: reads.search.body.includes(productId),
    storefront: reads.storefront.body.includes(productId),
    suggestions: reads.suggestions.body.includes(productId),
    facets: reads.facets.body.includes(category),
    categories: reads.categories.body.includes(category),
    sitemap: reads.sitemap.body.includes(productId),
  };
}
const SHOWN = {
  productStatus: 200,
  pageStatus: 200,
  pageHasTags: true,
  home: true,
  category: true,
  search: true,
  storefront: true,
  suggestions: true,
  facets: true,
  categories: true,
  sitemap: true,
};
const GONE = {
  productStatus: 404,
  pageStatus: 404,
  pageHasTags: false,
  home: false,
  category: false,
  search: false,
  storefront: false,
  suggestions: false,
  facets: false,
  categories: false,
  sitemap: false,
};

describe('filing a report', () => {
  it('takes a signed-out report with an e-mail and a signed-in one without', async () => {
    const item = await createProduct(t.database.db, seller.id, { name: 'Anmälningsbar vas' });
    const out = await file({
      product: item.id,
      category: 'counterfeit',
      text: 'Ser ut som en kopia av ett märke.',
      email: 'Vittne@Example.se',
    });
    expect(out.statusCode, out.body).toBe(201);
    const signedIn = await file(
      { seller: seller.id, category: 'scam', text: 'Butiken skickar aldrig något.' },
      customer.token,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, out.json()._id));
    expect(row).toMatchObject({
      productId: item.id,
      productName: 'Anmälningsbar vas',
      sellerId: seller.id,
      reporterEmail: 'vittne@example.se',
      language: 'sv',
    });
    const [mine] = await t.database.db.select().from(reports).where(eq(reports.id, signedIn.json()._id));
    expect(mine).toMatchObject({ productId: null, sellerId: seller.id, reporterId: customer.id, reporterEmail: null });
  });

  it('refuses what is not a report: no target or two, an unknown category, a short text, no e-mail when signed out', async () => {
    const item = await createProduct(t.database.db, seller.id);
    const base = { category: 'other', text: 'Något är fel med den här.', email: 'a@example.se' };
    const cases: [object, string][] = [
      [base, 'Report either a product or a shop.'],
      [{ ...base, product: item.id, seller: seller.id }, 'Report either a product or a shop.'],
      [{ ...base, product: item.id, category: 'boring' }, 'category must be one of'],
      [{ ...base, product: item.id, text: 'Fel' }, 'at least 10 characters'],
      [{ ...base, product: item.id, email: 'inte-en-adress' }, 'valid e-mail'],
      [{ ...base, product: 'inte-ett-id' }, 'product must be an id'],
      [{ product: item.id, category: 'other', text: 'Något är fel med den här.' }, 'Enter your e-mail address'],
    ];
    for (const [payload, message] of cases) {
      const res = await file(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 404 for a product nobody may see and a shop that is not open', async () => {
    const draft = await createProduct(t.database.db, seller.id, { isDraft: true });
    const hidden = await createProduct(t.database.db, seller.id, { hidden: true });
    const nobody = await createUser(t.database.db);
    for (const payload of [
      { product: draft.id },
      { product: hidden.id },
      { product: '00000000-0000-4000-8000-000000000000' },
      { seller: nobody.id },
    ]) {
      const res = await file({
        ...payload,
        category: 'other',
        text: 'Något är fel med den här.',
        email: 'a@example.se',
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
  });

  it('is rate limited per account, and per address when signed out', async () => {
    const limited = await createTestApp({ rateLimits: { ...TEST_RATE_LIMITS, reports: { max: 2, windowMs: 60_000 } } });
    try {
      const shop = await createSeller(limited.database.db);
      const item = await createProduct(limited.database.db, shop.user.id);
      const who = await createUser(limited.database.db);
      const token = (await signInAs(limited.app, who.email)).token;
      const send = (remoteAddress: string, auth?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/reports',
          remoteAddress,
          headers: auth ? bearer(auth) : {},
          payload: { product: item.id, category: 'scam', text: 'Detta är ett bedrägeri.', email: 'a@example.se' },
        });
      expect([(await send('198.51.100.7')).statusCode, (await send('198.51.100.7')).statusCode]).toEqual([201, 201]);
      const third = await send('198.51.100.7');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toContain('Too many reports.');
      // Another address, and an account (counted whatever its address), start afresh.
      expect((await send('198.51.100.8')).statusCode).toBe(201);
      expect([(await send('198.51.100.7', token)).statusCode, (await send('198.51.100.9', token)).statusCode]).toEqual([
        201, 201,
      ]);
      expect((await send('198.51.100.10', token)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the moderation queue', () => {
  it('is the admin’s only', async () => {
    expect((await get('/api/reports')).statusCode).toBe(401);
    expect((await get('/api/reports', customer.token)).statusCode).toBe(403);
    expect((await get('/api/reports', seller.token)).statusCode).toBe(403);
    const item = await createProduct(t.database.db, seller.id);
    const filed = await file(
      { product: item.id, category: 'other', text: 'Något är fel med den här.' },
      customer.token,
    );
    expect((await decide(filed.json()._id, { decision: 'remove', reason: 'Nej.' }, seller.token)).statusCode).toBe(403);
    expect((await get(`/api/products/${item.id}`)).statusCode).toBe(200);
  });

  it('needs a decision and a reason', async () => {
    const item = await createProduct(t.database.db, seller.id);
    const id = (
      await file({ product: item.id, category: 'other', text: 'Något är fel med den här.' }, customer.token)
    ).json()._id;
    for (const payload of [
      { decision: 'remove' },
      { decision: 'remove', reason: '   ' },
      { decision: 'ban', reason: 'x' },
    ]) {
      expect((await decide(id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'keep', reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('keeps a listing: it stays on sale, the reporter is told, and the decision is kept with who, when and why', async () => {
    const item = await createProduct(t.database.db, seller.id, { name: 'Helt vanlig tekanna' });
    const id = (
      await file(
        {
          product: item.id,
          category: 'offensive_content',
          text: 'Jag tycker inte om färgen.',
          email: 'behall@example.se',
        },
        undefined,
        '127.0.0.1',
        'en',
      )
    ).json()._id;
    expect((await queue('open')).reports.map((r) => r._id)).toContain(id);
    const kept = await decide(id, { decision: 'keep', reason: 'Smak är inget brott.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ decision: 'keep', removed: 0 });
    expect((await get(`/api/products/${item.id}`)).statusCode).toBe(200);
    const [mail] = await mailsTo('behall@example.se', 1);
    expect(mail).toContain('Thank you for your report of “Helt vanlig tekanna”');
    expect(mail).toContain('Decision: the content stays');
    const history = await queue('decided');
    const decided = history.reports.find((r) => r._id === id);
    expect(decided).toMatchObject({
      decision: 'keep',
      reason: 'Smak är inget brott.',
      decidedBy: { _id: admin.id, name: 'Ada Admin' },
      reporterEmail: 'behall@example.se',
    });
    expect(Date.now() - Date.parse(decided?.decidedAt ?? '')).toBeLessThan(60_000);
    expect((await queue('open')).reports.map((r) => r._id)).not.toContain(id);
    // Decided once: a second decision is refused and the first stays.
    const again = await decide(id, { decision: 'remove', reason: 'Ångrade mig.' });
    expect(again.statusCode).toBe(409);
    expect((await get(`/api/products/${item.id}`)).statusCode).toBe(200);
  });
});

describe('a listing removed by moderation', () => {
  it('is gone from every public read, warmed caches included, and its seller still sees it with the reasons', async () => {
    const item = { id: zebra };
    expect(await publicReads('Zebrafalsk', 'Zebraklockor', item.id)).toEqual(SHOWN);
    // Twice: the second read of each is served from the read cache.
    expect(await publicReads('Zebrafalsk', 'Zebraklockor', item.id)).toEqual(SHOWN);
    const filed = await file(
      { product: item.id, category: 'counterfeit', text: 'Märket är förfalskat, se loggan.' },
      customer.token,
    );
    const removed = await decide(filed.json()._id, {
      decision: 'remove',
      reason: 'Loggan är ett skyddat varumärke som används utan tillstånd.',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ decision: 'remove', removed: 1 });
    expect(await publicReads('Zebrafalsk', 'Zebraklockor', item.id)).toEqual(GONE);

    // The seller (and an admin) still see it, marked removed, with the statement of reasons.
    const own = (await get(`/api/products/${item.id}`, seller.token)).json() as ProductDetails;
    expect(own).toMatchObject({ _id: item.id, removed: true, hidden: false });
    expect((await get(`/api/products/${item.id}`, admin.token)).statusCode).toBe(200);
    const removal = (await get(`/api/products/${item.id}/removal`, seller.token)).json();
    expect(removal.removal).toMatchObject({
      category: 'counterfeit',
      reason: 'Loggan är ett skyddat varumärke som används utan tillstånd.',
    });
    expect((await get(`/api/products/${item.id}/removal`, customer.token)).statusCode).toBe(404);
    const managed = (
      await get(`/api/products?scope=manage&seller=${seller.id}&state=removed`, seller.token)
    ).json() as ProductListResponse;
    expect(managed.products.map((p) => p._id)).toEqual([item.id]);

    // Nothing the seller does brings it back: showing it, or saving it.
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${item.id}`,
      headers: bearer(seller.token),
      payload: {
        name: 'Zebrafalsk klocka',
        price: 100,
        image: '/uploads/zebra.webp',
        category: 'Zebraklockor',
        countInStock: 4,
        hidden: false,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await publicReads('Zebrafalsk', 'Zebraklockor', item.id)).toEqual(GONE);
    // Nor can anyone buy it.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: { orderItems: [{ product: item.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
    });
    expect(order.statusCode).toBe(400);

    // The statement of reasons to the seller; the outcome to the reporter's account e-mail.
    const [statement] = await mailsTo(seller.email, 1);
    expect(statement).toContain('Efter en anmälan har vi tagit bort din produkt från Torget:');
    expect(statement).toContain('- Zebrafalsk klocka');
    expect(statement).toContain('Grund: Förfalskning');
    expect(statement).toContain('Loggan är ett skyddat varumärke som används utan tillstånd.');
    expect(statement).toContain('överklaga');
    expect(statement).toContain('Reasons and facts:');
    const [outcome] = await mailsTo(customer.email, 1);
    expect(outcome).toContain('Tack för din anmälan av ”Zebrafalsk klocka”');
    expect(outcome).toContain('innehållet har tagits bort');
  });

  it('of a shop report removes every product of the shop, and no other shop’s', async () => {
    const shop = await createSeller(t.database.db, { seller: { name: 'Tvivelaktiga Varor' } });
    const other = await createSeller(t.database.db, { seller: { name: 'Hederliga Varor' } });
    const first = await createProduct(t.database.db, shop.user.id, { name: 'Tvivel ett' });
    const second = await createProduct(t.database.db, shop.user.id, { name: 'Tvivel två' });
    const honest = await createProduct(t.database.db, other.user.id, { name: 'Hederlig sak' });
    const id = (
      await file({
        seller: shop.user.id,
        category: 'scam',
        text: 'Hela butiken är ett bedrägeri.',
        email: 'butik@example.se',
      })
    ).json()._id;
    const removed = await decide(id, { decision: 'remove', reason: 'Butiken tar betalt utan att leverera.' });
    expect(removed.json()).toMatchObject({ removed: 2 });
    expect((await get(`/api/products/${first.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${second.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${honest.id}`)).statusCode).toBe(200);
    expect((await get(`/api/products?seller=${shop.user.id}`)).json().products).toEqual([]);
    const [statement] = await mailsTo(shop.user.email, 1);
    expect(statement).toContain('Efter en anmälan av din butik');
    expect(statement).toContain('- Tvivel ett');
    expect(statement).toContain('- Tvivel två');
    const removal = (await get(`/api/products/${first.id}/removal`, admin.token)).json();
    expect(removal.removal).toMatchObject({ category: 'scam', reason: 'Butiken tar betalt utan att leverera.' });
  });
});

describe('a product hidden by its seller', () => {
  const save = (id: string, hidden: boolean | undefined, token = seller.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(token),
      payload: {
        name: 'Gömd kaffekvarn',
        price: 100,
        image: '/uploads/kvarn.webp',
        category: 'Kvarnkategori',
        countInStock: 2,
        ...(hidden === undefined ? {} : { hidden }),
      },
    });

  it('leaves every public read, warmed caches included, and comes back when shown again', async () => {
    const item = { id: grinder };
    expect(await publicReads('kaffekvarn', 'Kvarnkategori', item.id)).toEqual(SHOWN);
    expect(await publicReads('kaffekvarn', 'Kvarnkategori', item.id)).toEqual(SHOWN);
    const hidden = await save(item.id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().product).toMatchObject({ hidden: true, removed: false });
    expect(await publicReads('kaffekvarn', 'Kvarnkategori', item.id)).toEqual(GONE);
    const own = (await get(`/api/products/${item.id}`, seller.token)).json() as ProductDetails;
    expect(own.hidden).toBe(true);
    const managed = (
      await get(`/api/products?scope=manage&seller=${seller.id}&state=hidden`, seller.token)
    ).json() as ProductListResponse;
    expect(managed.products.map((p) => p._id)).toContain(item.id);
    expect(managed.products.every((p) => p.hidden && !p.isDraft && !p.removed)).toBe(true);
    const listedOnes = (
      await get(`/api/products?scope=manage&seller=${seller.id}&state=listed&pageSize=100`, seller.token)
    ).json() as ProductListResponse;
    expect(listedOnes.products.map((p) => p._id)).not.toContain(item.id);
    // A save without `hidden` (the spec's payload) leaves it hidden.
    expect((await save(item.id, undefined)).json().product.hidden).toBe(true);
    expect((await get(`/api/products/${item.id}`)).statusCode).toBe(404);
    const shown = await save(item.id, false);
    expect(shown.json().product.hidden).toBe(false);
    expect(await publicReads('kaffekvarn', 'Kvarnkategori', item.id)).toEqual(SHOWN);
    const [row] = await t.database.db
      .select({ sellerActive: products.sellerActive })
      .from(products)
      .where(eq(products.id, item.id));
    expect(row?.sellerActive).toBe(true);
  });

  it('stays hidden when its seller’s shop closes and opens again', async () => {
    const shop = await createSeller(t.database.db);
    const item = await createProduct(t.database.db, shop.user.id, { hidden: true });
    const { users } = await import('#api/db/schema.ts');
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, shop.user.id));
    await t.database.db.update(users).set({ isSeller: true }).where(eq(users.id, shop.user.id));
    const [row] = await t.database.db
      .select({ sellerActive: products.sellerActive })
      .from(products)
      .where(eq(products.id, item.id));
    expect(row?.sellerActive).toBe(false);
    await t.database.db.update(products).set({ hidden: false }).where(eq(products.id, item.id));
    const [after] = await t.database.db
      .select({ sellerActive: products.sellerActive })
      .from(products)
      .where(eq(products.id, item.id));
    expect(after?.sellerActive).toBe(true);
  });

  it('is refused to a buyer', async () => {
    const item = await createProduct(t.database.db, seller.id, { hidden: true, countInStock: 5 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: { orderItems: [{ product: item.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toContain('Product not found');
  });
});

describe('the admin overview', () => {
  it('counts open reports', async () => {
    const count = async () =>
      ((await get('/api/admin/overview', admin.token)).json().counts as { key: string; count: number }[]).find(
        (c) => c.key === 'openReports',
      )?.count;
    const before = await count();
    const item = await createProduct(t.database.db, seller.id);
    await file({ product: item.id, category: 'other', text: 'Något är fel med den här.' }, customer.token);
    expect(await count()).toBe((before ?? 0) + 1);
  });
});
