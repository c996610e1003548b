import { describe, expect, it } from 'vitest';
import {
  suggestedRefundOre,
  WITHDRAWAL_CANCELLED_ORDER,
  WITHDRAWAL_NOTHING_LEFT,
  WITHDRAWAL_PERIOD_OVER,
  WITHDRAWAL_UNPAID_PAYPAL,
  withdrawableQuantities,
  withdrawalLastDay,
  withdrawalLinesRefusal,
  withdrawalPeriodOpen,
  withdrawalRefusal,
} from './withdrawals';

describe('the withdrawal period: 14 calendar days after delivery, in Stockholm', () => {
  // Delivered 2026-11-10 at 09:00 in Stockholm (08:00 UTC, winter time).
  const delivered = new Date('2026-11-10T08:00:00Z');

  it('ends with the whole of the 14th day', () => {
    expect(withdrawalLastDay(delivered)).toBe('2026-11-24');
    // Day 14: the first and the last second of it in Stockholm.
    expect(withdrawalPeriodOpen(delivered, new Date('2026-11-23T23:00:00Z'))).toBe(true);
    expect(withdrawalPeriodOpen(delivered, new Date('2026-11-24T22:59:59Z'))).toBe(true);
    // Day 15 starts at midnight in Stockholm, 23:00 UTC the evening before.
    expect(withdrawalPeriodOpen(delivered, new Date('2026-11-24T23:00:00Z'))).toBe(false);
    expect(withdrawalPeriodOpen(delivered, new Date('2026-11-25T12:00:00Z'))).toBe(false);
  });

  it('counts the Stockholm day of delivery, which late in the UTC evening is the next', () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Stockholm.
    expect(withdrawalLastDay(new Date('2026-11-09T23:30:00Z'))).toBe('2026-11-24');
    expect(withdrawalLastDay(new Date('2026-11-09T22:30:00Z'))).toBe('2026-11-23');
  });

  it('counts calendar days across the change to summer time and across a month end', () => {
    // Delivered 2026-03-20; 2026-03-29 is 23 hours long in Stockholm.
    const spring = new Date('2026-03-20T10:00:00Z');
    expect(withdrawalLastDay(spring)).toBe('2026-04-03');
    expect(withdrawalPeriodOpen(spring, new Date('2026-04-03T21:59:59Z'))).toBe(true);
    expect(withdrawalPeriodOpen(spring, new Date('2026-04-03T22:00:00Z'))).toBe(false);
  });

  it('a form date (midnight UTC) is that day', () => {
    expect(withdrawalLastDay('2026-11-10T00:00:00.000Z')).toBe('2026-11-24');
  });

  it('is open while the order is not delivered', () => {
    expect(withdrawalLastDay(null)).toBeNull();
    expect(withdrawalPeriodOpen(null, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('who may withdraw from which order', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const order = { paymentMethod: 'Swish', isPaid: true, isCancelled: false, deliveredAt: '2026-11-10T00:00:00.000Z' };

  it('a delivered order in its period, and an unpaid Swish order', () => {
    expect(withdrawalRefusal(order, now)).toBeNull();
    expect(withdrawalRefusal({ ...order, isPaid: false, deliveredAt: null }, now)).toBeNull();
  });

  it('not after the period, not a cancelled order, not an unpaid PayPal order', () => {
    expect(withdrawalRefusal(order, new Date('2026-11-25T12:00:00Z'))).toBe(WITHDRAWAL_PERIOD_OVER);
    expect(withdrawalRefusal({ ...order, isCancelled: true }, now)).toBe(WITHDRAWAL_CANCELLED_ORDER);
    expect(withdrawalRefusal({ ...order, paymentMethod: 'PayPal', isPaid: false }, now)).toBe(WITHDRAWAL_UNPAID_PAYPAL);
  });
});

describe('quantities', () => {
  const bought = [
    { product: 'a', qty: 3 },
    { product: 'b', qty: 1 },
  ];
  const name = (product: string) => product.toUpperCase();

  it('what is left is what was bought less what earlier withdrawals took', () => {
    const left = withdrawableQuantities(bought, [{ product: 'a', qty: 2 }]);
    expect(Object.fromEntries(left)).toEqual({ a: 1, b: 1 });
    expect(withdrawalLinesRefusal([{ product: 'a', qty: 1 }], left, name)).toBeNull();
    expect(withdrawalLinesRefusal([{ product: 'a', qty: 2 }], left, name)).toEqual({
      status: 409,
      message: 'At most 1 of A can be withdrawn.',
    });
  });

  it('a product withdrawn in full, everything withdrawn, and a product the order does not hold', () => {
    const left = withdrawableQuantities(bought, [{ product: 'a', qty: 3 }]);
    expect(withdrawalLinesRefusal([{ product: 'a', qty: 1 }], left, name)?.message).toBe(
      'A has been withdrawn already.',
    );
    const none = withdrawableQuantities(bought, [
      { product: 'a', qty: 3 },
      { product: 'b', qty: 1 },
    ]);
    expect(withdrawalLinesRefusal([{ product: 'b', qty: 1 }], none, name)).toEqual({
      status: 409,
      message: WITHDRAWAL_NOTHING_LEFT,
    });
    expect(
      withdrawalLinesRefusal(
        [
          { product: 'b', qty: 1 },
          { product: 'x', qty: 1 },
        ],
        left,
        name,
      ),
    ).toEqual({
      status: 400,
      message: 'Invalid lines.1.product: this order has no such product.',
    });
  });
});

describe('the refund offered', () => {
  const lines = [
    { product: 'a', qty: 2, priceOre: 10_000, shippingPriceOre: 1_000 },
    { product: 'b', qty: 1, priceOre: 5_050, shippingPriceOre: 500 },
  ];
  const shipping = 2 * 1_000 + 500;

  it('is the withdrawn lines at the price paid', () => {
    expect(suggestedRefundOre(lines, [{ product: 'a', qty: 1 }], [], shipping)).toBe(10_000);
  });

  it('adds the whole original shipping when everything bought comes back, with earlier withdrawals', () => {
    expect(
      suggestedRefundOre(
        lines,
        [
          { product: 'a', qty: 2 },
          { product: 'b', qty: 1 },
        ],
        [],
        shipping,
      ),
    ).toBe(25_050 + 2_500);
    expect(suggestedRefundOre(lines, [{ product: 'b', qty: 1 }], [{ product: 'a', qty: 2 }], shipping)).toBe(
      5_050 + 2_500,
    );
  });
});
