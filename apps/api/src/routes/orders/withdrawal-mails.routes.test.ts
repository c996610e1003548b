/**
 * The mails of a withdrawal as they reach a real SMTP listener: the buyer's confirmation at once
 * with the date and the lines, the seller's notice, and the buyer's mail when it is decided; each
 * in the recipient's language, linking to the order on the site it was placed on.
 */
import type { Order, OrderWithdrawal } from '@torget/shared/api-types.generated';
import { displayDateTime } from '@torget/shared/rules/dates';
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
let vase: string;
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
  lamp = (await createProduct(t.database.db, seller.user.id, { name: 'Lampa', priceOre: 10_000, countInStock: 100 }))
    .id;
  vase = (await createProduct(t.database.db, seller.user.id, { name: 'Vas', priceOre: 5_000, countInStock: 100 })).id;
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

/** Kim's order of 2 lamps and a vase: on the shop's own domain (signed in there) or on the marketplace. */
async function placeOn(
  host: 'shop' | 'marketplace',
  language: 'sv' | 'en',
): Promise<{ order: Order; headers: Record<string, string> }> {
  const headers: Record<string, string> = { 'accept-language': language };
  if (host === 'shop') {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { host: SHOP_HOST },
      payload: { email: kim.email, password: FIXTURE_PASSWORD },
      remoteAddress: '10.203.0.1',
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
    payload: {
      orderItems: [
        { product: lamp, qty: 2 },
        { product: vase, qty: 1 },
      ],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: (res.json() as { order: Order }).order, headers };
}

describe('the mails of a withdrawal', () => {
  it('placed on the shop’s domain in Swedish: the confirmation and the decision in Swedish, linking there', async () => {
    const { order, headers } = await placeOn('shop', 'sv');
    const link = `http://${SHOP_HOST}/order/${order._id}`;
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/withdrawals`,
      headers,
      payload: { lines: [{ product: lamp, qty: 2 }], reason: 'Fel storlek' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const withdrawal = (made.json() as { withdrawal: OrderWithdrawal }).withdrawal;

    const confirmation = await mailTo(
      kim.email,
      'Vi har tagit emot ditt meddelande om att du ångrar köpet',
      order.orderNumber,
      link,
    );
    expect(confirmation).toContain(`Mottaget: ${displayDateTime(withdrawal.requestedAt, 'sv')}`);
    expect(confirmation).toContain('- 2 × Lampa');
    expect(confirmation).not.toContain('Vas');
    expect(confirmation).toContain('Skäl: Fel storlek');
    expect(confirmation).not.toContain('We have received your notice');

    // The seller has not acted on the order: both languages, with the same link.
    const notice = await mailTo(anna.email, `Kim Köpare ångrar köpet i order ${order.orderNumber}`, link);
    expect(notice).toContain('Kim Köpare withdraws from the purchase');
    expect(notice).toContain('- 2 × Lampa');

    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/withdrawals/${withdrawal._id}`,
      headers: { ...bearer(anna.token), 'accept-language': 'en' },
      payload: { accepted: false },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const decision = await mailTo(kim.email, 'har avslagit ditt ångerköp', link);
    expect(decision).not.toContain('has rejected your withdrawal');
  });

  it('placed on the marketplace in English: both languages, linking to the marketplace; the seller’s in their language', async () => {
    const { order, headers } = await placeOn('marketplace', 'en');
    const link = `http://torget.test/order/${order._id}`;
    // The seller acts on the order in Swedish first: their mails are in Swedish from then on.
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/ship`,
      headers: { ...bearer(anna.token), 'accept-language': 'sv' },
      payload: { carrier: 'PostNord' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/withdrawals`,
      headers,
      payload: {
        lines: [
          { product: lamp, qty: 1 },
          { product: vase, qty: 1 },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const withdrawal = (made.json() as { withdrawal: OrderWithdrawal }).withdrawal;
    const confirmation = await mailTo(
      kim.email,
      'We have received your notice that you withdraw',
      order.orderNumber,
      link,
    );
    expect(confirmation).toContain('Vi har tagit emot ditt meddelande');
    expect(confirmation).toContain(`Received: ${displayDateTime(withdrawal.requestedAt)}`);
    expect(confirmation).toContain('- 1 × Lampa');
    expect(confirmation).toContain('- 1 × Vas');
    const notice = await mailTo(anna.email, `ångrar köpet i order ${order.orderNumber}`, link);
    expect(notice).not.toContain('withdraws from the purchase');

    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/withdrawals/${withdrawal._id}`,
      headers: bearer(anna.token),
      payload: { accepted: true, refund_amount: 0, restock: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const decision = await mailTo(kim.email, 'has accepted your withdrawal', link);
    expect(decision).toContain('har godkänt ditt ångerköp');
  });
});
