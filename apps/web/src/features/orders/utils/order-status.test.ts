import type { Order, OrderRefund } from '@torget/shared/api-types.generated';
import { describe, expect, it } from 'vitest';
import { statusBadges } from './order-status';

const open: Pick<
  Order,
  'isPaid' | 'paidAt' | 'isDelivered' | 'deliveredAt' | 'isCancelled' | 'cancelledAt' | 'cancelReason'
> = {
  isPaid: false,
  paidAt: null,
  isDelivered: false,
  deliveredAt: null,
  isCancelled: false,
  cancelledAt: null,
  cancelReason: null,
};
const badgesOf = (changes: Partial<typeof open>) => statusBadges({ ...open, ...changes } as Order);

describe('order status badges', () => {
  it('wait calmly for payment and delivery', () => {
    expect(badgesOf({})).toMatchObject([
      { tone: 'waiting', text: 'Awaiting payment' },
      { tone: 'waiting', text: 'Not yet delivered' },
    ]);
  });

  it('say refunded, in part or in full, on the day of the last refund', () => {
    const refund = (amount: number, refundedAt: string): OrderRefund => ({
      _id: refundedAt,
      amount,
      lines: [],
      note: null,
      method: 'PayPal',
      refundedAt,
      status: 'completed',
    });
    const paid = { ...open, isPaid: true, paidAt: '2026-11-20T00:00:00.000Z', totalPrice: 398 };
    const partly = statusBadges({
      ...paid,
      refunds: [refund(100, '2026-11-21T10:00:00.000Z'), refund(49, '2026-11-23T10:00:00.000Z')],
      refundedPrice: 149,
    } as Order);
    expect(partly.at(-1)).toEqual({
      tone: 'done',
      text: 'Partly refunded on 2026-11-23',
      phrase: 'Partly refunded on {{date}}',
      at: '2026-11-23T10:00:00.000Z',
    });
    const whole = statusBadges({
      ...paid,
      refunds: [refund(398, '2026-11-24T10:00:00.000Z')],
      refundedPrice: 398,
    } as Order);
    expect(whole.at(-1)).toMatchObject({ text: 'Refunded on 2026-11-24' });
    expect(
      statusBadges({ ...paid, refunds: [] as OrderRefund[], refundedPrice: 0 } as Order).map((b) => b.text),
    ).not.toContain(expect.stringContaining('efunded'));
  });

  it('give the day paid and delivered', () => {
    expect(
      badgesOf({
        isPaid: true,
        paidAt: '2026-11-22T00:00:00.000Z',
        isDelivered: true,
        deliveredAt: '2026-11-24T00:00:00.000Z',
      }),
    ).toMatchObject([
      { tone: 'done', text: 'Paid on 2026-11-22' },
      { tone: 'done', text: 'Delivered on 2026-11-24' },
    ]);
  });

  it('are red only when the order was cancelled or expired', () => {
    expect(
      badgesOf({ isCancelled: true, cancelledAt: '2026-11-23T10:00:00.000Z', cancelReason: 'expired' }),
    ).toMatchObject([{ tone: 'problem', text: 'Expired on 2026-11-23' }]);
    expect(
      badgesOf({ isCancelled: true, cancelledAt: '2026-11-23T10:00:00.000Z', cancelReason: 'cancelled' }),
    ).toMatchObject([{ tone: 'problem', text: 'Cancelled on 2026-11-23' }]);
    const calm = [badgesOf({}), badgesOf({ isPaid: true, paidAt: '2026-11-22T00:00:00.000Z' })].flat();
    expect(calm.some((badge) => badge.tone === 'problem')).toBe(false);
  });
});
