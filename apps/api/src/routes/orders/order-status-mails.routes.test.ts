/**
 * The mails after the sale, as they reach a real SMTP listener: the buyer's when the order is
 * marked paid, shipped and delivered, each party's when the other writes on the order; in the
 * recipient's language, linking to the order on the site it was placed on.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, type Session, sessionOf } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let smtp: SmtpListener;
let t: TestApp;
let anna: Session;
let kim: Session;
let lamp: string;
const SHOP_HOST = 'shop-anna.test';

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url, mainHosts: ['torget.test', 'localhost', '127.0.0.1'] });
  const seller = await createSeller(t.database.db, {
    seller: { domain: SHOP_HOST, name: 'Annas Ateljé', hasSwish: true, swishNumber: '1231234567' },
  });
  anna = await sessionOf(t, seller.user.email);
  const buyer = await createUser(t.database.db, { name: 'Kim Köpare' });
  kim = await sessionOf(t, buyer.email);
  lamp = (await createProduct(t.database.db, seller.user.id, { name: 'Lampa', countInStock: 100 })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text of the mail to `to` that contains every one of `parts`, waiting for it to arrive. */
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

/** Places an order as Kim: on the shop's own domain (signed in there) or on the marketplace. */
async function placeOn(host: 'shop' | 'marketplace', language: 'sv' | 'en'): Promise<Order> {
  const headers: Record<string, string> = { 'accept-language': language };
  if (host === 'shop') {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { host: SHOP_HOST },
      payload: { email: kim.email, password: FIXTURE_PASSWORD },
      remoteAddress: '10.202.0.1',
    });
    expect(signin.statusCode, signin.body).toBe(200);
    Object.assign(headers, { host: SHOP_HOST }, bearer(signin.json().token));
  } else {
    Object.assign(headers, bearer(kim.token));
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { orderItems: [{ product: lamp, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: Order }).order;
}

const asSeller = (method: 'PUT' | 'POST', url: string, payload: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(anna.token), 'accept-language': language }, payload });

describe('the buyer’s mails as the seller handles the order', () => {
  it('placed on the shop’s domain in Swedish: paid, shipped and delivered in Swedish, linking to that domain', async () => {
    const order = await placeOn('shop', 'sv');
    const link = `http://${SHOP_HOST}/order/${order._id}`;
    expect(await mailTo(kim.email, 'Tack för din beställning', link)).not.toContain('Thank you');

    const paid = await asSeller('PUT', `/api/orders/${order._id}/update`, {
      is_paid: true,
      paid_date: '2026-11-20',
      is_delivered: false,
      delivered_date: '',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidMail = await mailTo(kim.email, 'har tagit emot din betalning', order.orderNumber, link);
    expect(paidMail).not.toContain('has received your payment');

    const shipped = await asSeller('PUT', `/api/orders/${order._id}/ship`, {
      carrier: 'PostNord',
      tracking_number: 'AB123456789SE',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const shippedMail = await mailTo(kim.email, 'har skickat din order', link);
    expect(shippedMail).toContain('Fraktbolag: PostNord, kollinummer AB123456789SE');
    expect(shippedMail).toContain('Spåra paketet: https://tracking.postnord.com/se/?id=AB123456789SE');
    expect(shippedMail).not.toContain('Track the parcel');

    const delivered = await asSeller('PUT', `/api/orders/${order._id}/update`, {
      is_paid: true,
      paid_date: '2026-11-20',
      is_delivered: true,
      delivered_date: '2026-11-22',
    });
    expect(delivered.statusCode).toBe(200);
    await mailTo(kim.email, 'som levererad', link);
    // Each step is told once: no second paid mail for the update that ticked delivered.
    const paidMails = smtp.inbox.filter((m) =>
      mailText(m.raw).includes(`tagit emot din betalning f\u00f6r order ${order.orderNumber}`),
    );
    expect(paidMails).toHaveLength(1);
  });

  it('placed on the marketplace with no language chosen: both languages, linking to the marketplace', async () => {
    const order = await placeOn('marketplace', 'en');
    const link = `http://torget.test/order/${order._id}`;
    // The seller's notice of the new order links there too.
    await mailTo(anna.email, `You have a new order from Kim Köpare.`, link);
    expect(
      (
        await asSeller('PUT', `/api/orders/${order._id}/update`, {
          is_paid: true,
          paid_date: '2026-11-20',
          is_delivered: false,
        })
      ).statusCode,
    ).toBe(200);
    const mail = await mailTo(kim.email, 'has received your payment', link);
    expect(mail).toContain('har tagit emot din betalning');
    await asSeller('PUT', `/api/orders/${order._id}/ship`, { carrier: 'other' });
    const shipped = await mailTo(kim.email, 'has shipped your order', order.orderNumber);
    expect(shipped).toContain('Carrier: another carrier');
    expect(shipped).not.toContain('Track the parcel');
  });
});

describe('messages by mail', () => {
  it('tells the seller of the buyer’s question and the buyer of the answer, each in their language', async () => {
    const order = await placeOn('shop', 'sv');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/messages`,
      headers: { ...bearer(kim.token), 'accept-language': 'sv' },
      payload: { text: 'Hej! Går lampan att få i blått?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const toSeller = await mailTo(anna.email, '> Hej! Går lampan att få i blått?');
    // The seller has not acted on the order yet: both languages.
    expect(toSeller).toContain('Kim Köpare skrev om order');
    expect(toSeller).toContain('Kim Köpare wrote about order');
    expect(toSeller).toContain(`http://${SHOP_HOST}/order/${order._id}`);

    const answered = await asSeller(
      'POST',
      `/api/orders/${order._id}/messages`,
      { text: 'Ja, den finns i blått.' },
      'sv',
    );
    expect(answered.statusCode).toBe(201);
    const toBuyer = await mailTo(kim.email, '> Ja, den finns i blått.');
    expect(toBuyer).toContain('Annas Ateljé skrev om order');
    expect(toBuyer).not.toContain('wrote about order');
  });
});

describe('a mail that cannot be sent', () => {
  it('never fails the request that caused it', async () => {
    const offline = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const seller = await createSeller(offline.database.db, { seller: { hasSwish: true, swishNumber: '1231234567' } });
      const sellerSession = await sessionOf(offline, seller.user.email);
      const buyer = await sessionOf(offline, (await createUser(offline.database.db, { name: 'Bo' })).email);
      const p = await createProduct(offline.database.db, seller.user.id, { countInStock: 5 });
      const placed = await offline.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(buyer.token),
        payload: { orderItems: [{ product: p.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
      });
      expect(placed.statusCode).toBe(201);
      const id = (placed.json() as { order: Order }).order._id;
      const calls = [
        { method: 'PUT', url: `/api/orders/${id}/ship`, who: sellerSession, payload: { carrier: 'DHL' }, status: 200 },
        {
          method: 'PUT',
          url: `/api/orders/${id}/update`,
          who: sellerSession,
          payload: { is_paid: true, paid_date: '2026-11-20', is_delivered: true, delivered_date: '2026-11-21' },
          status: 200,
        },
        { method: 'POST', url: `/api/orders/${id}/messages`, who: buyer, payload: { text: 'Tack!' }, status: 201 },
      ] as const;
      for (const call of calls) {
        const res = await offline.app.inject({
          method: call.method,
          url: call.url,
          headers: bearer(call.who.token),
          payload: call.payload,
        });
        expect(res.statusCode, `${call.url} ${res.body}`).toBe(call.status);
      }
    } finally {
      await offline.close();
    }
  });
});
