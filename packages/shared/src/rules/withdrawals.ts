/**
 * The buyer's right of withdrawal (distansavtalslagen 2 kap. 10 §; docs/decisions/235-withdrawals.md):
 * when it may be used, how much of each line, and the refund a seller is offered. Shared by the
 * server (which decides) and the web app (which shows the button and prefills the amount).
 */
import { addCalendarDays, stockholmDay } from './stockholm-days';

/** Calendar days after delivery, in Stockholm, that the buyer may still withdraw. */
export const WITHDRAWAL_PERIOD_DAYS = 14;
/** Longest reason a buyer may give (the reason is optional: the law asks for none). */
export const WITHDRAWAL_REASON_MAX = 1000;
/** An open withdrawal older than this many days is listed for the admins. */
export const WITHDRAWAL_OVERDUE_DAYS = 14;

export const WITHDRAWAL_STATES = ['requested', 'accepted', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const WITHDRAWAL_PERIOD_OVER = 'The 14-day withdrawal period for this order has ended.';
export const WITHDRAWAL_CANCELLED_ORDER = 'A cancelled order cannot be withdrawn from.';
export const WITHDRAWAL_UNPAID_PAYPAL = 'An unpaid PayPal order is not bought yet: it is cancelled if it is not paid.';
export const WITHDRAWAL_ONLY_BUYER = 'Only the buyer of this order can withdraw from it.';
export const WITHDRAWAL_NOTHING_LEFT = 'Everything in this order has been withdrawn already.';
export const WITHDRAWAL_NOT_FOUND = 'Withdrawal Not Found';
export const WITHDRAWAL_PRIVATE_SELLER =
  'This seller is a private person: the consumer right of withdrawal does not apply to this sale.';
export const WITHDRAWAL_DECIDED = 'This withdrawal has been decided already.';
export const WITHDRAWAL_ONLY_SELLER = 'Only the seller of this order or an admin can decide on a withdrawal.';

/**
 * The last day the buyer may withdraw, 'YYYY-MM-DD' in Stockholm: the 14th calendar day after the
 * day of delivery. null while the order is not delivered: the period has not started, and the
 * buyer may withdraw from the order at any time until then.
 */
export function withdrawalLastDay(deliveredAt: Date | string | null): string | null {
  if (deliveredAt === null) return null;
  const delivered = typeof deliveredAt === 'string' ? new Date(deliveredAt) : deliveredAt;
  if (Number.isNaN(delivered.getTime())) return null;
  return addCalendarDays(stockholmDay(delivered), WITHDRAWAL_PERIOD_DAYS);
}

/** Whether the period is still running at `now`: the whole of the last day counts, in Stockholm. */
export function withdrawalPeriodOpen(deliveredAt: Date | string | null, now: Date): boolean {
  const last = withdrawalLastDay(deliveredAt);
  return last === null || stockholmDay(now) <= last;
}

/** What the rules need to know of the order. */
export interface WithdrawableOrder {
  paymentMethod: string;
  isPaid: boolean;
  isCancelled: boolean;
  deliveredAt: Date | string | null;
  /**
   * Sold by a private person (the seller's type, rules/seller-identity.ts): consumer law, and its
   * right of withdrawal, applies only to a business's sales.
   */
  privateSeller?: boolean;
}

/** Why the buyer cannot withdraw from the order at `now`, whatever the lines; null when they can. */
export function withdrawalRefusal(order: WithdrawableOrder, now: Date): string | null {
  if (order.isCancelled) return WITHDRAWAL_CANCELLED_ORDER;
  if (order.privateSeller) return WITHDRAWAL_PRIVATE_SELLER;
  if (order.paymentMethod === 'PayPal' && !order.isPaid) return WITHDRAWAL_UNPAID_PAYPAL;
  if (!withdrawalPeriodOpen(order.deliveredAt, now)) return WITHDRAWAL_PERIOD_OVER;
  return null;
}

/** A quantity of a product: an order line, or a line of a withdrawal. */
export interface ProductQty {
  product: string;
  qty: number;
}

/** Adds the quantities of each product (an order may name a product on more than one line). */
function totals(lines: readonly ProductQty[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.product, (sums.get(line.product) ?? 0) + line.qty);
  return sums;
}

/**
 * How much of each product may still be withdrawn: what was bought less what the order's earlier
 * withdrawals name, except rejected ones (a rejected withdrawal gives its quantities back).
 */
export function withdrawableQuantities(
  bought: readonly ProductQty[],
  withdrawn: readonly ProductQty[],
): Map<string, number> {
  const left = totals(bought);
  for (const [product, qty] of totals(withdrawn)) {
    left.set(product, Math.max(0, (left.get(product) ?? 0) - qty));
  }
  return left;
}

/**
 * Why these lines cannot be withdrawn: a product the order does not hold is bad input (400, naming
 * the field); more than is left is a conflict with what was withdrawn before (409). null when they can.
 */
export function withdrawalLinesRefusal(
  lines: readonly ProductQty[],
  left: ReadonlyMap<string, number>,
  nameOf: (product: string) => string,
): { status: 400 | 409; message: string } | null {
  for (const [index, line] of lines.entries()) {
    if (!left.has(line.product)) {
      return { status: 400, message: `Invalid lines.${index}.product: this order has no such product.` };
    }
  }
  if ([...left.values()].every((qty) => qty === 0)) return { status: 409, message: WITHDRAWAL_NOTHING_LEFT };
  for (const line of lines) {
    const most = left.get(line.product) ?? 0;
    if (line.qty > most) {
      const message =
        most === 0
          ? `${nameOf(line.product)} has been withdrawn already.`
          : `At most ${most} of ${nameOf(line.product)} can be withdrawn.`;
      return { status: 409, message };
    }
  }
  return null;
}

/** An order line as the refund needs it: its product, quantity, and unit price and shipping in öre. */
export interface PricedLine extends ProductQty {
  priceOre: number;
  shippingPriceOre: number;
}

/**
 * The refund a seller is offered for a withdrawal, in öre: each withdrawn line at the price paid
 * for it, and, when this withdrawal (with the order's earlier ones that were not rejected) takes
 * back everything bought, the order's whole original shipping too. The seller may change it; the
 * refund service caps it at what is left of the payment.
 */
export function suggestedRefundOre(
  orderLines: readonly PricedLine[],
  withdrawal: readonly ProductQty[],
  earlier: readonly ProductQty[],
  orderShippingOre: number,
): number {
  const unitPrice = new Map<string, number>();
  for (const line of orderLines) unitPrice.set(line.product, line.priceOre);
  let goods = 0;
  for (const line of withdrawal) goods += line.qty * (unitPrice.get(line.product) ?? 0);
  const left = withdrawableQuantities(orderLines, [...earlier, ...withdrawal]);
  const whole = [...left.values()].every((qty) => qty === 0);
  return goods + (whole ? orderShippingOre : 0);
}
