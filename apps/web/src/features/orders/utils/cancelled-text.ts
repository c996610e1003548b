import type { Order } from '@torget/shared/api-types.generated';

/** What the order page says of a cancelled order, or null when it is not cancelled. */
export function cancelledText(order: Order): string | null {
  if (!order.isCancelled) return null;
  return order.cancelReason === 'expired'
    ? 'Expired: this order was not paid in time, and its items were released. Please place a new order.'
    : 'Cancelled by the seller. This order can no longer be paid.';
}
