import type { Order } from '@torget/shared/api-types';
import type { SessionUser } from '../../../lib/session';

/** The buyer's id: `user` is the id itself, or `{ _id, name }` in the admin and seller lists. */
export const buyerIdOf = (order: Order): string => (typeof order.user === 'string' ? order.user : order.user._id);

/**
 * Spec sections 4 and 6: Swish orders not yet paid or delivered may be deleted by their buyer,
 * their seller or an admin.
 */
export function canDeleteOrder(order: Order, user: SessionUser | null): boolean {
  if (!user || order.paymentMethod !== 'Swish' || order.isPaid || order.isDelivered) return false;
  // A seller whose seller status was revoked no longer manages their orders (issue 15).
  return user.is_admin || (user._id === order.seller._id && user.is_seller) || user._id === buyerIdOf(order);
}

/**
 * Issue 15: an unpaid PayPal order that still holds its stock may be cancelled by its seller
 * (while a seller) or an admin.
 */
export function canCancelOrder(order: Order, user: SessionUser | null): boolean {
  if (!user || order.paymentMethod !== 'PayPal' || order.isPaid || order.isCancelled) return false;
  return user.is_admin || (user._id === order.seller._id && user.is_seller);
}

/** What the order page says of a cancelled order, or null when it is not cancelled. */
export function cancelledText(order: Order): string | null {
  if (!order.isCancelled) return null;
  return order.cancelReason === 'expired'
    ? 'Expired: this order was not paid in time, and its items were released. Please place a new order.'
    : 'Cancelled by the seller. This order can no longer be paid.';
}
