/**
 * /api/payments (admins): the captures PayPal has not refunded yet, and the retry; the refund
 * sweep; and the buyer's mail, through the real mailer to an SMTP listener.
 */
import type { Order, PaypalCaptureRecord } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypalCaptures } from '#api/db/schema.ts';
import { ORDER_CANCELLED_REFUNDED } from '#api/modules/orders/order-payment.service.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { refundRequestId, retryDueRefunds } from '#api/modules/payments/paypal-captures.service.ts';
import { createPaypalClient } from '#api/modules/payments/paypal-client.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let paypal: PaypalStandin;
let smtp: SmtpListener;
let anna: Session;
let kim: Session;
let admin: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  smtp = await startSmtpListener();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
    smtpUrl: smtp.url,
  });
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(async () => {
  await t.close();
  await paypal.close();
  await smtp.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, who: Session, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(who.token), ...headers }, ...(payload ? { payload } : {}) });

/**
 * A PayPal order of SEK 150.00 that the buyer captured and the seller then cancelled; the buyer's
 * pay call (in `language`) gets the 409 and the capture is booked. Answers the ids.
 */
async function cancelledThenCaptured(language = 'en') {
  const p = await product(t, anna.id, { priceOre: 15_000, countInStock: 5 });
  const order = await placeOrder(t, kim, [{ product: p.id, qty: 1 }], 'PayPal');
  const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
  const paypalId = (start.json() as { id: string }).id;
  const completed = paypal.complete(paypalId);
  const captureId = completed.purchase_units[0]?.payments?.captures[0]?.id ?? '';
  expect((await call('PUT', `/api/orders/${order._id}/cancel`, anna)).statusCode).toBe(200);
  const res = await call('PUT', `/api/orders/${order._id}/pay`, kim, { id: paypalId }, { 'accept-language': language });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
  return { order, paypalId, captureId };
}

const listUnrefunded = async () => {
  const res = await call('GET', '/api/payments/captures?state=unrefunded', admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaypalCaptureRecord[];
};

/** The refund mail of an order to `to`, as it arrived at the SMTP listener. */
async function waitForMail(to: string, orderNumber: string) {
  const deadline = Date.now() + 5_000;
  const isRefundMail = (raw: string) => mailText(raw).includes(`PayPal-betalning`) && raw.includes(orderNumber);
  for (;;) {
    const found = smtp.inbox.find((m) => m.to.includes(to) && isRefundMail(m.raw));
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('a refund PayPal refuses', () => {
  it('shows in the admin list with its error, and the admin retry refunds it', async () => {
    paypal.failRefunds({ status: 503 });
    const { order, captureId } = await cancelledThenCaptured();
    paypal.failRefunds(null);

    const unrefunded = await listUnrefunded();
    const listed = unrefunded.find((c) => c.captureId === captureId);
    expect(listed).toMatchObject({
      orderId: order._id,
      orderNumber: order.orderNumber,
      amount: 150,
      currency: 'SEK',
      outcome: 'cancelled',
      refundState: 'due',
      attempts: 1,
      paypalRefundId: null,
    });
    expect(listed?.lastError).toContain('503');
    // The buyer's page says the payment is being refunded.
    const page = (await call('GET', `/api/orders/${order._id}`, kim)).json() as Order;
    expect(page.paymentRefunds).toEqual([expect.objectContaining({ reason: 'cancelled', state: 'due' })]);

    const retry = await call('POST', `/api/payments/captures/${captureId}/refund`, admin);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      captureId,
      refundState: 'sent',
      paypalRefundStatus: 'COMPLETED',
      attempts: 2,
    });
    expect((await listUnrefunded()).some((c) => c.captureId === captureId)).toBe(false);
    // Both attempts carried the same PayPal-Request-Id; PayPal refunded once.
    const requests = paypal.refundRequests.filter((r) => r.captureId === captureId);
    expect(requests.map((r) => r.requestId)).toEqual([refundRequestId(captureId), refundRequestId(captureId)]);
    expect([...paypal.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);

    const again = await call('POST', `/api/payments/captures/${captureId}/refund`, admin);
    expect(again.statusCode).toBe(409);
  });

  it('answers 502 with PayPal’s refusal when the retry fails too, and keeps it listed', async () => {
    paypal.failRefunds({ status: 422, issue: 'TRANSACTION_REFUSED' });
    try {
      const { captureId } = await cancelledThenCaptured();
      const retry = await call('POST', `/api/payments/captures/${captureId}/refund`, admin);
      expect(retry.statusCode).toBe(502);
      expect(retry.json().message).toContain('TRANSACTION_REFUSED');
      expect((await listUnrefunded()).find((c) => c.captureId === captureId)).toMatchObject({ attempts: 2 });
    } finally {
      paypal.failRefunds(null);
    }
  });

  it('is retried by the refund sweep once its next attempt is due, and a PENDING refund counts as sent', async () => {
    paypal.failRefunds({ status: 500 });
    const { captureId } = await cancelledThenCaptured();
    paypal.failRefunds(null);
    const client = createPaypalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiBase: paypal.apiBase,
    });
    // Not due yet: the failed attempt put the next one a minute ahead.
    await retryDueRefunds(t.database.db, client);
    expect(paypal.refundRequests.filter((r) => r.captureId === captureId)).toHaveLength(1);

    await t.database.db
      .update(paypalCaptures)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(paypalCaptures.captureId, captureId));
    paypal.refundStatus = 'PENDING';
    try {
      await retryDueRefunds(t.database.db, client);
    } finally {
      paypal.refundStatus = 'COMPLETED';
    }
    const [row] = await t.database.db.select().from(paypalCaptures).where(eq(paypalCaptures.captureId, captureId));
    expect(row).toMatchObject({ refundState: 'sent', paypalRefundStatus: 'PENDING', attempts: 2, lastError: null });
  });
});

describe('GET /api/payments/captures', () => {
  it('validates the state, and lists every capture with state=all', async () => {
    const bad = await call('GET', '/api/payments/captures?state=lost', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('state');
    const { captureId } = await cancelledThenCaptured();
    const all = await call('GET', '/api/payments/captures?state=all', admin);
    expect((all.json() as PaypalCaptureRecord[]).find((c) => c.captureId === captureId)).toMatchObject({
      refundState: 'sent',
    });
    expect((await call('POST', '/api/payments/captures/NOPE0000000000000/refund', admin)).statusCode).toBe(404);
    expect((await call('POST', '/api/payments/captures/..%2F..%2Fx/refund', admin)).statusCode).toBe(400);
  });
});

describe('the buyer’s mail', () => {
  it('tells the buyer the payment is refunded, in Swedish when the pay call asked for Swedish', async () => {
    const { order } = await cancelledThenCaptured('sv');
    const mail = await waitForMail(kim.email, order.orderNumber);
    expect(mail).toBeDefined();
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('återbetalas till ditt PayPal-konto');
    expect(text).toContain('Ordern hade avbrutits av säljaren');
    expect(text).toContain(`/order/${order._id}`);
    expect(text).not.toContain('being refunded');
  });

  it('is in both languages by default', async () => {
    const { order } = await cancelledThenCaptured('en');
    const text = mailText((await waitForMail(kim.email, order.orderNumber))?.raw ?? '');
    expect(text).toContain('The payment is being refunded to your PayPal account.');
    expect(text).toContain('Betalningen återbetalas');
  });
});
