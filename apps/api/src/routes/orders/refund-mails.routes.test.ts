/**
 * The buyer's mails about money, as they reach a real SMTP listener: the paid mail when their
 * PayPal payment pays the order (once, not for a retried pay call), and the refund mail, in the
 * buyer's language, linking to the order on the site it was placed on.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, type Session, sessionOf } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let smtp: SmtpListener;
let paypal: PaypalStandin;
let t: TestApp;
let anna: Session;
let kim: Session;
let lamp: string;
const SHOP_HOST = 'shop-anna.test';

beforeAll(async () => {
  smtp = await startSmtpListener();
  paypal = await startPaypalStandin();
  t = await createTestApp({
    smtpUrl: smtp.url,
    mainHosts: ['torget.test', 'localhost', '127.0.0.1'],
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  const seller = await createSeller(t.database.db, {
    seller: { domain: SHOP_HOST, name: 'Annas Ateljé', hasPaypal: true, hasSwish: true, swishNumber: '1231234567' },
  });
  anna = await sessionOf(t, seller.user.email);
  const buyer = await createUser(t.database.db, { name: 'Kim Köpare' });
  kim = await sessionOf(t, buyer.email);
  lamp = (await createProduct(t.database.db, seller.user.id, { name: 'Lampa', priceOre: 24_950, countInStock: 100 }))
    .id;
});
afterAll(async () => {
  await t.close();
  await paypal.close();
  await smtp.close();
});

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const mailsTo = (to: string, ...parts: string[]) =>
  smtp.inbox
    .filter((m) => m.to.includes(to))
    .map((m) => mailText(m.raw))
    .filter((text) => parts.every((part) => text.includes(part)));

/** The text of the mail to `to` that contains every one of `parts`, waiting for it to arrive. */
async function mailTo(to: string, ...parts: string[]): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [found] = mailsTo(to, ...parts);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${parts.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Kim's headers: signed in on the shop's own domain, or on the marketplace; in `language`. */
async function kimOn(host: 'shop' | 'marketplace', language: 'sv' | 'en'): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'accept-language': language };
  if (host === 'marketplace') return { ...headers, ...bearer(kim.token) };
  const signin = await t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    headers: { host: SHOP_HOST },
    payload: { email: kim.email, password: FIXTURE_PASSWORD },
    remoteAddress: '10.203.0.1',
  });
  expect(signin.statusCode, signin.body).toBe(200);
  return { ...headers, host: SHOP_HOST, ...bearer(signin.json().token) };
}

async function place(headers: Record<string, string>, paymentMethod: 'PayPal' | 'Swish'): Promise<Order> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { orderItems: [{ product: lamp, qty: 2 }], shippingAddress: ADDRESS, paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: Order }).order;
}

const refund = (order: Order, payload: object, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order._id}/refunds`,
    headers: { ...bearer(anna.token), 'accept-language': language },
    payload,
  });

describe('a PayPal order placed on the shop’s domain in Swedish', () => {
  it('sends the paid mail once when the payment pays it, then the refund mail, in Swedish, to that domain', async () => {
    const headers = await kimOn('shop', 'sv');
    const order = await place(headers, 'PayPal');
    const link = `http://${SHOP_HOST}/order/${order._id}`;

    const start = await t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/paypal`, headers });
    expect(start.statusCode, start.body).toBe(200);
    const paypalId = (start.json() as { id: string }).id;
    paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
    const pay = () =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${order._id}/pay`, headers, payload: { id: paypalId } });
    expect((await pay()).statusCode).toBe(200);
    const paid = await mailTo(kim.email, 'har tagit emot din betalning', order.orderNumber, link);
    expect(paid).not.toContain('has received your payment');
    // A repeated pay call (a retry of the browser) sends no second mail.
    expect((await pay()).statusCode).toBe(200);

    // The seller's request is in English; the buyer's mail follows the buyer's Swedish.
    const res = await refund(order, { amount: 249.5, note: 'Ledsen för strulet.' }, 'en');
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo(kim.email, 'har återbetalat', order.orderNumber, link);
    expect(mail).toContain(`Annas Ateljé har återbetalat 249,50\u00a0kr för order ${order.orderNumber}.`);
    expect(mail).toContain('Pengarna går tillbaka till ditt PayPal-konto.');
    expect(mail).toContain('Meddelande från säljaren: Ledsen för strulet.');
    expect(mail).not.toContain('has refunded');
    expect(mailsTo(kim.email, 'har tagit emot din betalning', order.orderNumber)).toHaveLength(1);
  });
});

describe('a Swish order placed on the marketplace in English', () => {
  it('sends the refund mail in both languages, with the Swish day and the lines, linking to the marketplace', async () => {
    const order = await place(await kimOn('marketplace', 'en'), 'Swish');
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/update`,
      headers: bearer(anna.token),
      payload: { is_paid: true, paid_date: '2026-11-20', is_delivered: false, delivered_date: '' },
    });
    expect(paid.statusCode).toBe(200);
    const res = await refund(order, { amount: 100, lines: [{ product: lamp, qty: 1 }], refunded_at: '2026-11-21' });
    expect(res.statusCode, res.body).toBe(201);
    const link = `http://torget.test/order/${order._id}`;
    const mail = await mailTo(kim.email, 'has refunded', order.orderNumber, link);
    expect(mail).toContain('har återbetalat');
    expect(mail).toContain('Säljaren skickade pengarna med Swish 21 nov. 2026.');
    expect(mail).toContain('The seller sent the money by Swish on 2026-11-21.');
    expect(mail).toContain(`Annas Ateljé has refunded SEK 100.00 for order ${order.orderNumber}.`);
    expect(mail).toContain('- 1 × Lampa');
  });
});

describe('a PayPal order placed on the marketplace in English', () => {
  it('sends the paid mail once, from what the pay call read, to the buyer by name, linking to the marketplace', async () => {
    const headers = await kimOn('marketplace', 'en');
    const order = await place(headers, 'PayPal');
    const start = await t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/paypal`, headers });
    expect(start.statusCode, start.body).toBe(200);
    const paypalId = (start.json() as { id: string }).id;
    paypal.complete(paypalId, { payerEmail: 'kim@example.com' });
    const pay = () =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${order._id}/pay`, headers, payload: { id: paypalId } });
    expect((await pay()).statusCode).toBe(200);
    const link = `http://torget.test/order/${order._id}`;
    const paid = await mailTo(kim.email, 'Hej Kim Köpare!', 'has received your payment', order.orderNumber, link);
    expect(paid).toContain(`Annas Ateljé har tagit emot din betalning för order ${order.orderNumber}.`);
    expect((await pay()).statusCode).toBe(200);
    expect(mailsTo(kim.email, 'has received your payment', order.orderNumber)).toHaveLength(1);
  });
});
