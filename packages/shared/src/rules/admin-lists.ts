/**
 * The admin's lists of users and orders: what their search and filters accept and mean. The
 * server turns each filter into SQL (modules/users/users.service.ts, modules/orders/orders.service.ts)
 * and the screens offer the same words (docs/decisions/270-admin-lists-search-and-filters.md).
 */
import { parseOrderNumber } from './order-number';

/** The longest search text the lists take; a name or an e-mail is far shorter. */
export const ADMIN_SEARCH_MAX = 100;

/**
 * The managing product list's state filter: listed (on public view: its seller active, not a
 * draft, not hidden, not removed), draft, hidden (by its seller) or removed (by moderation); a
 * product is in at most one, in the order of productStatus (rules/catalog.ts). A published
 * product of a closed shop is in none. (Here, not in catalog-query.ts, which the home page loads.)
 */
export const MANAGED_PRODUCT_STATES = ['listed', 'draft', 'hidden', 'removed'] as const;
export type ManagedProductState = (typeof MANAGED_PRODUCT_STATES)[number];

/** The user list's role filter: admins, sellers (is_seller), customers (neither). */
export const USER_ROLE_FILTERS = ['admin', 'seller', 'customer'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/**
 * The user list's shop-status filter as issue texts name it: `applied` is the spec's "Waiting
 * for approval" (rules/shop-status.ts, whose older `shop=waiting` keeps working).
 */
export const SHOP_STATUS_QUERY_VALUES = ['applied', 'open', 'closed'] as const;
export type ShopStatusQueryValue = (typeof SHOP_STATUS_QUERY_VALUES)[number];

/**
 * The order list's state filter. Every order is in exactly one state, the first that holds:
 * cancelled (or expired), delivered, shipped (not yet delivered), paid, unpaid.
 */
export const ORDER_STATE_FILTERS = ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStateFilter = (typeof ORDER_STATE_FILTERS)[number];

export interface OrderStateFacts {
  isPaid: boolean;
  isDelivered: boolean;
  isCancelled: boolean;
  isShipped: boolean;
}

/** The one state of an order (see ORDER_STATE_FILTERS); the SQL of the filter says the same. */
export function orderListState(order: OrderStateFacts): OrderStateFilter {
  if (order.isCancelled) return 'cancelled';
  if (order.isDelivered) return 'delivered';
  if (order.isShipped) return 'shipped';
  if (order.isPaid) return 'paid';
  return 'unpaid';
}

/**
 * The order number a search names: `T-100001` (any case), `#100001` or the bare `100001`.
 * `exact` is true for the `T-` form, which can only mean the number; a bare number may also be
 * part of an e-mail, so the list searches the text as well.
 */
export function orderNumberInSearch(text: string): { number: number; exact: boolean } | null {
  const trimmed = text.trim();
  const quoted = parseOrderNumber(trimmed);
  if (quoted !== null) return { number: quoted, exact: true };
  const bare = /^#?([1-9]\d{0,14})$/.exec(trimmed);
  return bare?.[1] ? { number: Number(bare[1]), exact: false } : null;
}
