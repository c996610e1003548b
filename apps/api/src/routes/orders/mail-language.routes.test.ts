/** Mails in the buyer's language: the web app sends the UI choice as Accept-Language. */
import type { Order } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, customer, product, type Session, settle, shop } from '#api/modules/orders/order-test-kit.ts';
import { createUser } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  buyer = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

async function placeIn(acceptLanguage: string | null): Promise<Order> {
  const lamp = await product(t, anna.id, { name: 'Lampa X', priceOre: 24_900, countInStock: 5 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(buyer.token), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    payload: { orderItems: [{ product: lamp.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: Order }).order;
}

async function buyerMailOf(order: Order) {
  await settle();
  const mail = t.mails.find((m) => m.to === buyer.email && m.text.includes(`/order/${order._id}`));
  expect(mail).toBeDefined();
  return mail as NonNullable<typeof mail>;
}

describe('the order confirmation mail', () => {
  it('is in Swedish only, with Swedish prices, when the order request says Swedish', async () => {
    const mail = await buyerMailOf(await placeIn('sv'));
    expect(mail.subject).toMatch(/^Orderbekräftelse från Annas Ateljé T-\d{6,}$/);
    expect(mail.text).toMatch(/^Ordernummer: T-\d{6,}$/m);
    expect(mail.text).toContain('Totalt: 249,00\u00a0kr');
    expect(mail.text).toContain('Tack för din beställning hos Annas Ateljé.');
    expect(mail.text).not.toMatch(/Thank you|Total:|Follow your order|SEK /);
    // The seller's notice does not follow the buyer's language.
    const notice = t.mails.find((m) => m.to === anna.email && m.subject.includes('New order'));
    expect(notice?.text).toContain('You have a new order from Kim Köpare.');
  });

  it('keeps both languages and the spec prices by default and for English', async () => {
    for (const language of [null, 'en']) {
      const mail = await buyerMailOf(await placeIn(language));
      expect(mail.subject).toMatch(/^Orderbekräftelse från Annas Ateljé \/ Order confirmation T-\d{6,}$/);
      expect(mail.text).toContain('Totalt / Total: SEK 249.00');
      expect(mail.text).toContain('Thank you for your order from Annas Ateljé.');
    }
  });
});

describe('the password reset mail', () => {
  it('is in Swedish when the request says Swedish, else in both languages', async () => {
    const swedish = await createUser(t.database.db, { name: 'Sara Svensk' });
    const either = await createUser(t.database.db, { name: 'Erik Either' });
    for (const [user, language] of [
      [swedish, 'sv-SE,sv;q=0.9'],
      [either, 'en'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot_password',
        headers: { 'accept-language': language },
        payload: { email: user.email },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await settle();
    const sv = t.mails.find((m) => m.to === swedish.email);
    const en = t.mails.find((m) => m.to === either.email);
    expect(sv?.subject).toBe('Återställ ditt lösenord på Torget');
    expect(sv?.text).not.toContain('Choose a new password');
    expect(en?.subject).toBe('Återställ ditt lösenord på Torget / Reset your Torget password');
    expect(en?.text).toContain('Choose a new password within one hour');
  });
});
