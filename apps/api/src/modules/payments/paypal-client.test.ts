import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { createPaypalClient, oreToPaypalValue, PaypalUnavailableError, paypalValueToOre } from './paypal-client';

let standin: PaypalStandin;
beforeAll(async () => {
  standin = await startPaypalStandin();
});
afterAll(() => standin.close());

const clientFor = (overrides: { clientSecret?: string; apiBase?: string } = {}) =>
  createPaypalClient({
    clientId: standin.clientId,
    clientSecret: overrides.clientSecret ?? standin.clientSecret,
    apiBase: overrides.apiBase ?? standin.apiBase,
  });

describe('PayPal amounts', () => {
  it('writes and reads SEK values with two decimals', () => {
    expect(oreToPaypalValue(40_700)).toBe('407.00');
    expect(oreToPaypalValue(5)).toBe('0.05');
    expect(paypalValueToOre('407.00')).toBe(40_700);
    expect(paypalValueToOre('407.5')).toBe(40_750);
    expect(paypalValueToOre('407')).toBe(40_700);
    for (const bad of ['', '1,00', '-1.00', '1.001', '1e3', ' 1.00']) expect(paypalValueToOre(bad), bad).toBeNull();
  });
});

describe('PayPal client', () => {
  it('creates and reads orders with one cached token', async () => {
    const client = clientFor();
    const before = standin.tokenRequests;
    const { id } = await client.createOrder({ orderId: 'order-1', amountOre: 12_345, description: 'Torget order' });
    standin.complete(id);
    const fetched = await client.getOrder(id);
    expect(fetched).toMatchObject({
      id,
      status: 'COMPLETED',
      purchase_units: [
        {
          custom_id: 'order-1',
          amount: { currency_code: 'SEK', value: '123.45' },
          payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'SEK', value: '123.45' } }] },
        },
      ],
      payer: { email_address: 'kund@example.se' },
    });
    expect(standin.tokenRequests - before).toBe(1);
  });

  it('answers null for an order PayPal does not know', async () => {
    expect(await clientFor().getOrder('NOSUCHORDER000000')).toBeNull();
  });

  it('reports refused credentials and an unreachable PayPal as unavailable', async () => {
    await expect(clientFor({ clientSecret: 'wrong' }).getOrder('X')).rejects.toBeInstanceOf(PaypalUnavailableError);
    await expect(clientFor({ apiBase: 'http://127.0.0.1:9' }).getOrder('X')).rejects.toBeInstanceOf(
      PaypalUnavailableError,
    );
  });
});

describe('PayPal refunds', () => {
  async function capturedOrder(client: ReturnType<typeof clientFor>) {
    const { id } = await client.createOrder({ orderId: 'order-r', amountOre: 29_800, description: 'Torget order' });
    const completed = standin.complete(id);
    return completed.purchase_units[0]?.payments?.captures[0]?.id ?? '';
  }
  const refundOf = (captureId: string, requestId = `req-${captureId}`) => ({
    captureId,
    amountOre: 29_800,
    currency: 'SEK',
    invoiceId: 'order-r',
    noteToPayer: 'Återbetalning',
    requestId,
  });

  it('refunds a capture once per PayPal-Request-Id, with the amount and our order id', async () => {
    const client = clientFor();
    const captureId = await capturedOrder(client);
    const first = await client.refundCapture(refundOf(captureId));
    expect(first).toMatchObject({ id: expect.any(String), status: 'COMPLETED' });
    expect(standin.refundRequests.at(-1)).toEqual({
      captureId,
      requestId: `req-${captureId}`,
      body: {
        amount: { currency_code: 'SEK', value: '298.00' },
        invoice_id: 'order-r',
        note_to_payer: 'Återbetalning',
      },
    });
    // The same request again is answered with the same refund; PayPal refunds once.
    expect(await client.refundCapture(refundOf(captureId))).toMatchObject({ id: first.id });
    expect([...standin.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
    // Another request id for a refunded capture is refused as PayPal refuses it.
    await expect(client.refundCapture(refundOf(captureId, 'another'))).rejects.toMatchObject({
      name: 'PaypalRefundRefusedError',
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });

  it('reports PayPal being down as unavailable, and an unknown capture as refused', async () => {
    const client = clientFor();
    const captureId = await capturedOrder(client);
    standin.failRefunds({ status: 503 });
    try {
      await expect(client.refundCapture(refundOf(captureId))).rejects.toBeInstanceOf(PaypalUnavailableError);
    } finally {
      standin.failRefunds(null);
    }
    await expect(client.refundCapture(refundOf('NOSUCHCAPTURE0000'))).rejects.toMatchObject({
      issue: 'INVALID_RESOURCE_ID',
      status: 404,
    });
  });
});
