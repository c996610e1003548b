import type { Order } from '@torget/shared/api-types';
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
