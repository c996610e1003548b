import type { Order } from '@torget/shared/api-types.generated';
import { withdrawableQuantities, withdrawalLastDay, withdrawalRefusal } from '@torget/shared/rules/withdrawals';

/** An order line the buyer may still withdraw from, with how many are left. */
export interface WithdrawableLine {
  product: string;
  name: string;
  price: number;
  /** Bought, less what earlier withdrawals (not rejected) took. */
  left: number;
}

/** The order's lines with what is left to withdraw (a deleted product's line cannot be named). */
export function withdrawableLines(order: Order): WithdrawableLine[] {
  const bought = order.orderItems.flatMap((item) => (item.product ? [{ product: item.product, qty: item.qty }] : []));
  const withdrawn = (order.withdrawals ?? [])
    .filter((withdrawal) => withdrawal.state !== 'rejected')
    .flatMap((withdrawal) =>
      withdrawal.lines.flatMap((line) => (line.product ? [{ product: line.product, qty: line.qty }] : [])),
    );
  const left = withdrawableQuantities(bought, withdrawn);
  return order.orderItems.flatMap((item) =>
    item.product
      ? [{ product: item.product, name: item.name, price: item.price, left: left.get(item.product) ?? 0 }]
      : [],
  );
}

/** Whether the buyer may withdraw now: the period runs (the same rule as the server's) and something is left. */
export function withdrawalOpen(order: Order, now: Date): boolean {
  const refusal = withdrawalRefusal(
    {
      paymentMethod: order.paymentMethod,
      isPaid: order.isPaid,
      isCancelled: order.isCancelled,
      deliveredAt: order.isDelivered ? order.deliveredAt : null,
      privateSeller: order.sellerIsPrivate === true,
    },
    now,
  );
  return refusal === null && withdrawableLines(order).some((line) => line.left > 0);
}

/** The last day to withdraw, 'YYYY-MM-DD' in Stockholm, or null while the order is not delivered. */
export function lastWithdrawalDay(order: Order): string | null {
  return withdrawalLastDay(order.isDelivered ? order.deliveredAt : null);
}
