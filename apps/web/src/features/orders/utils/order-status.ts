import type { Order } from '@torget/shared/api-types.generated';
import { displayDate } from '@torget/shared/rules/dates';
import { sekToOre } from '@torget/shared/rules/money';
import { refundState } from '@torget/shared/rules/refunds';

/** Waiting is calm (neutral), done is green, and only something that went wrong is red. */
export type StatusTone = 'waiting' | 'done' | 'problem';

export interface StatusBadge {
  tone: StatusTone;
  /** The default UI's words, e.g. 'Paid on 2026-11-22'. */
  text: string;
  /** The same as a catalogue key with the date as `{{date}}`, for the UI language (locales/). */
  phrase: string;
  /** The ISO moment `{{date}}` stands for, or null. */
  at: string | null;
}

/**
 * The order's state in friendly words for the badges at the top of the order page:
 * "Awaiting payment" / "Paid on 2026-11-22", "Shipped on …" once shipped and until delivered,
 * "Not yet delivered" / "Delivered on …", and "Refunded on …" / "Partly refunded on …" (the
 * last refund's day) once money was given back; a cancelled
 * or expired order says so, in red, and has no delivery badge. The cards below keep the
 * established "Not Paid" / "Paid at …" texts (docs/decisions/035-order-status-badges.md).
 */
export function statusBadges(order: Order): StatusBadge[] {
  if (order.isCancelled) {
    const what = order.cancelReason === 'expired' ? 'Expired' : 'Cancelled';
    return [
      {
        tone: 'problem',
        text: `${what} on ${displayDate(order.cancelledAt)}`,
        phrase: `${what} on {{date}}`,
        at: order.cancelledAt,
      },
    ];
  }
  return [
    order.isPaid
      ? { tone: 'done', text: `Paid on ${displayDate(order.paidAt)}`, phrase: 'Paid on {{date}}', at: order.paidAt }
      : { tone: 'waiting', text: 'Awaiting payment', phrase: 'Awaiting payment', at: null },
    ...(order.shipment && !order.isDelivered
      ? [
          {
            tone: 'done',
            text: `Shipped on ${displayDate(order.shipment.shippedAt)}`,
            phrase: 'Shipped on {{date}}',
            at: order.shipment.shippedAt,
          } satisfies StatusBadge,
        ]
      : []),
    order.isDelivered
      ? {
          tone: 'done',
          text: `Delivered on ${displayDate(order.deliveredAt)}`,
          phrase: 'Delivered on {{date}}',
          at: order.deliveredAt,
        }
      : { tone: 'waiting', text: 'Not yet delivered', phrase: 'Not yet delivered', at: null },
    ...withdrawalBadges(order),
    ...refundBadges(order),
  ];
}

/**
 * "Withdrawal requested on …" while a withdrawal of the order waits for the seller (the oldest
 * open one); else the latest decision, "Withdrawal accepted on …" or "Withdrawal rejected on …".
 */
export function withdrawalBadges(order: Pick<Order, 'withdrawals'>): StatusBadge[] {
  const withdrawals = order.withdrawals ?? [];
  const open = withdrawals.find((withdrawal) => withdrawal.state === 'requested');
  if (open) {
    const text = `Withdrawal requested on ${displayDate(open.requestedAt)}`;
    return [{ tone: 'waiting', text, phrase: 'Withdrawal requested on {{date}}', at: open.requestedAt }];
  }
  const last = withdrawals.at(-1);
  if (!last) return [];
  const what = last.state === 'accepted' ? 'accepted' : 'rejected';
  return [
    {
      tone: last.state === 'accepted' ? 'done' : 'problem',
      text: `Withdrawal ${what} on ${displayDate(last.decidedAt)}`,
      phrase: `Withdrawal ${what} on {{date}}`,
      at: last.decidedAt,
    },
  ];
}

/** "Refunded on …" or "Partly refunded on …", dated by the last refund; none before a refund. */
function refundBadges(order: Order): StatusBadge[] {
  const state = refundState(sekToOre(order.totalPrice), sekToOre(order.refundedPrice ?? 0));
  const last = order.refunds?.at(-1);
  if (!state || !last) return [];
  const what = state === 'refunded' ? 'Refunded' : 'Partly refunded';
  return [
    {
      tone: 'done',
      text: `${what} on ${displayDate(last.refundedAt)}`,
      phrase: `${what} on {{date}}`,
      at: last.refundedAt,
    },
  ];
}
