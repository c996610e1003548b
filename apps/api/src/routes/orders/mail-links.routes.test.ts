/**
 * Where every mail's links lead, as the mails reach a real SMTP listener: an order's to the site
 * it was placed on (the shop's own domain, or the marketplace's first main host), an account's to
 * the marketplace; https unless the marketplace itself is served over http on a local host. And
 * what the mails name an order and its lines by: the order number and the product numbers, the
 * order's id only inside a link.
 */
import type { Order, UserDetails } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, type Session, sessionOf } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every http(s) address in a mail's text. */
const linksIn = (text: string) => text.match(/https?:\/\/[^\s>)]+/g) ?? [];

/** A marketplace with one shop on its own domain, its seller, a buyer and a product. */
interface Market {
  t: TestApp;
  smtp: SmtpListener;
  shopHost: string;
  anna: Session;
  kim: Session;
  lamp: { id: string; number: number };
  /** The text of the mail to `to` containing every one of `parts`, once it has arrived. */
  mailTo(to: string, ...parts: string[]): Promise<string>;
  placeOn(where: 'shop' | 'marketplace'): Promise<Order>;
  close(): Promise<void>;
}

async function market(config: { publicUrl: string; mainHost: string; shopHost: string }): Promise<Market> {
  const smtp = await startSmtpListener();
  const t = await createTestApp({
    smtpUrl: smtp.url,
    publicUrl: config.publicUrl,
    mainHosts: [config.mainHost, 'localhost', '127.0.0.1'],
  });
  const seller = await createSeller(t.database.db, {
    seller: { domain: config.shopHost, name: 'Annas Ateljé', hasSwish: true, swishNumber: '1231234567' },
  });
  const anna = await sessionOf(t, seller.user.email);
  const kim = await sessionOf(t, (await createUser(t.database.db, { name: 'Kim Köpare' })).email);
  const lamp = await createProduct(t.database.db, seller.user.id, { name: 'Lampa', countInStock: 100 });

  async function mailTo(to: string, ...parts: string[]): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = smtp.inbox
        .filter((m) => m.to.includes(to))
        .map((m) => mailText(m.raw))
        .find((text) => parts.every((part) => text.includes(part)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${parts.join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function placeOn(where: 'shop' | 'marketplace'): Promise<Order> {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (where === 'shop') {
      // Signed in on the shop's domain: a token is valid on its own host only (decision 180).
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        headers: { host: config.shopHost },
        payload: { email: kim.email, password: FIXTURE_PASSWORD },
      });
      expect(signin.statusCode, signin.body).toBe(200);
      Object.assign(headers, { host: config.shopHost }, bearer(signin.json().token));
    } else {
      Object.assign(headers, { host: config.mainHost }, bearer(kim.token));
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { orderItems: [{ product: lamp.id, qty: 2 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { order: Order }).order;
  }

  return {
    t,
    smtp,
    shopHost: config.shopHost,
    anna,
    kim,
    lamp: { id: lamp.id, number: lamp.number },
    mailTo,
    placeOn,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** The order's id appears in the mail only as part of a link to the order. */
function expectIdOnlyInLinks(text: string, order: Order) {
  const outsideLinks = text.replace(/https?:\/\/[^\s>)]+/g, '');
  expect(outsideLinks).not.toContain(order._id);
}

/**
 * The mails of one order, through its life: confirmation and new-order notice, paid, a message
 * each way. Every link in each leads to `origin`.
 */
async function expectOrderMailsLinkTo(m: Market, order: Order, origin: string) {
  const link = `${origin}/order/${order._id}`;
  const confirmation = await m.mailTo(m.kim.email, 'Thank you for your order', order.orderNumber);
  const notice = await m.mailTo(m.anna.email, 'You have a new order from Kim Köpare.', order.orderNumber);
  const paid = await m.t.app.inject({
    method: 'PUT',
    url: `/api/orders/${order._id}/update`,
    headers: bearer(m.anna.token),
    payload: { is_paid: true, paid_date: '2026-11-20', is_delivered: false, delivered_date: '' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const paidMail = await m.mailTo(m.kim.email, 'has received your payment', order.orderNumber);
  const asked = await m.t.app.inject({
    method: 'POST',
    url: `/api/orders/${order._id}/messages`,
    headers: bearer(m.anna.token),
    payload: { text: `Tack för order ${order.orderNumber}!` },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const message = await m.mailTo(m.kim.email, `> Tack för order ${order.orderNumber}!`);

  for (const text of [confirmation, notice, paidMail, message]) {
    expect(linksIn(text)).toEqual(linksIn(text).map(() => link));
    expect(linksIn(text).length).toBeGreaterThan(0);
    expectIdOnlyInLinks(text, order);
  }
  // The lines by their product number.
  for (const text of [confirmation, notice]) expect(text).toContain(`2 × #${m.lamp.number} Lampa`);
}

describe('on a marketplace served over http on a local host (development, the e2e suite)', () => {
  let m: Market;
  beforeAll(async () => {
    m = await market({ publicUrl: 'http://torget.test:3900', mainHost: 'torget.test', shopHost: 'shop-anna.test' });
  });
  afterAll(() => m.close());

  it('an order placed on the shop’s domain: every mail links there, over http with the port', async () => {
    const order = await m.placeOn('shop');
    await expectOrderMailsLinkTo(m, order, 'http://shop-anna.test:3900');
  });

  it('an order placed on the marketplace: every mail links to its first main host', async () => {
    const order = await m.placeOn('marketplace');
    await expectOrderMailsLinkTo(m, order, 'http://torget.test:3900');
  });

  it('a password reset asked for on the shop’s domain links to the marketplace', async () => {
    const res = await m.t.app.inject({
      method: 'POST',
      url: '/api/users/forgot_password',
      headers: { host: m.shopHost },
      payload: { email: m.kim.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await m.mailTo(m.kim.email, '/reset_password/');
    expect(linksIn(mail).length).toBeGreaterThan(0);
    for (const link of linksIn(mail)) expect(link.startsWith('http://torget.test:3900/reset_password/')).toBe(true);
  });
});

describe('on a public marketplace', () => {
  let m: Market;
  beforeAll(async () => {
    // PUBLIC_URL written with http and a port by mistake: the links are https all the same.
    m = await market({
      publicUrl: 'http://torget.example:8080',
      mainHost: 'torget.example',
      shopHost: 'butik.example',
    });
  });
  afterAll(() => m.close());

  it('an order placed on the shop’s domain: every mail links there over https, without a port', async () => {
    const order = await m.placeOn('shop');
    await expectOrderMailsLinkTo(m, order, 'https://butik.example');
  });

  it('an order placed on the marketplace: every mail links to it over https', async () => {
    const order = await m.placeOn('marketplace');
    await expectOrderMailsLinkTo(m, order, 'https://torget.example');
  });

  it('account mails link to the marketplace over https: a password reset and a seller’s approval', async () => {
    const reset = await m.t.app.inject({
      method: 'POST',
      url: '/api/users/forgot_password',
      headers: { host: m.shopHost },
      payload: { email: m.kim.email },
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await m.mailTo(m.kim.email, '/reset_password/');
    for (const link of linksIn(resetMail)) expect(link.startsWith('https://torget.example/reset_password/')).toBe(true);

    const applicant = await createUser(m.t.database.db, { name: 'Sam Säljare', wantsToBeSeller: true });
    await createUser(m.t.database.db, { email: 'admin-links@example.se', isAdmin: true });
    const admin = await sessionOf(m.t, 'admin-links@example.se');
    const approved = await m.t.app.inject({
      method: 'PUT',
      url: `/api/users/${applicant.id}`,
      headers: bearer(admin.token),
      payload: { _id: applicant.id, is_seller: true, is_admin: false },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as UserDetails).is_seller).toBe(true);
    const approvedMail = await m.mailTo(applicant.email, '/seller_profile');
    expect(linksIn(approvedMail).length).toBeGreaterThan(0);
    for (const link of linksIn(approvedMail)) expect(link.startsWith('https://torget.example/')).toBe(true);
  });
});
