import { describe, expect, it } from 'vitest';
import type { PaypalOrder } from './paypal-client';
import { verifyPaypalOrder } from './paypal-verification';

const expected = { orderId: 'order-1', totalOre: 40_700 };

/** A completed PayPal order of SEK 407.00 for order-1, changed by `change`. */
function paypalOrder(change: (o: PaypalOrder) => void = () => {}): PaypalOrder {
  const order: PaypalOrder = {
    id: 'PAYPAL1',
    status: 'COMPLETED',
    purchase_units: [
      {
        custom_id: 'order-1',
        amount: { currency_code: 'SEK', value: '407.00' },
        payments: {
          captures: [{ id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'SEK', value: '407.00' } }],
        },
      },
    ],
  };
  change(order);
  return order;
}

const capture = (o: PaypalOrder) => {
  const c = o.purchase_units[0]?.payments?.captures[0];
  if (!c) throw new Error('no capture');
  return c;
};

describe('PayPal verification', () => {
  it('accepts a completed capture of the exact total in SEK for our order', () => {
    expect(verifyPaypalOrder(paypalOrder(), expected)).toMatchObject({ ok: true, capture: { id: 'CAP1' } });
  });

  it('says what did not match', () => {
    const cases: [(o: PaypalOrder) => void, string][] = [
      [(o) => (o.status = 'APPROVED'), 'PayPal order status APPROVED'],
      [(o) => o.purchase_units.push({}), 'exactly one purchase unit'],
      [(o) => (o.purchase_units = []), 'exactly one purchase unit'],
      [
        (o) => {
          if (o.purchase_units[0]) o.purchase_units[0].custom_id = 'order-2';
        },
        'belongs to another order',
      ],
      [(o) => (capture(o).status = 'PENDING'), 'capture status PENDING'],
      [(o) => (capture(o).status = 'REFUNDED'), 'capture status REFUNDED'],
      [(o) => (capture(o).amount = { currency_code: 'EUR', value: '407.00' }), 'in EUR, not SEK'],
      [(o) => (capture(o).amount = { currency_code: 'SEK', value: '407.01' }), 'SEK 407.01 does not match'],
      [(o) => (capture(o).amount = { currency_code: 'SEK', value: 'lots' }), 'does not match'],
      [(o) => (capture(o).amount = undefined), 'in no currency'],
    ];
    for (const [change, reason] of cases) {
      const verdict = verifyPaypalOrder(paypalOrder(change), expected);
      expect(verdict.ok, reason).toBe(false);
      expect(!verdict.ok && verdict.reason, reason).toContain(reason);
    }
  });
});
