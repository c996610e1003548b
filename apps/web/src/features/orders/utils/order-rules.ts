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
  return user.is_admin || user._id === order.seller._id || user._id === buyerIdOf(order);
}
