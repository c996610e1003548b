/**
 * Who may do what with an order (spec sections 4 and 6; docs/decisions/024-placing-an-order.md). The API
 * answers 404 to anyone who may not see an order, so order ids cannot be probed; the web asks
 * the same functions which buttons to show.
 */
import type { Order } from '../api-types.generated';
import type { Actor } from './actor';

/** What the policies need to know of an order. */
export interface OrderFacts {
  buyerId: string;
  sellerId: string;
  paymentMethod: string;
  isPaid: boolean;
  isDelivered: boolean;
  /** Cancelled by its seller or an admin, or expired unpaid. */
  isCancelled: boolean;
}

/** The facts of an order as the API answers it: `user` is the buyer's id, or `{ _id, name }` in lists. */
export function orderFactsOf(order: Order): OrderFacts {
  return {
    buyerId: typeof order.user === 'string' ? order.user : order.user._id,
    sellerId: order.seller._id,
    paymentMethod: order.paymentMethod,
    isPaid: order.isPaid,
    isDelivered: order.isDelivered,
    isCancelled: order.isCancelled,
  };
}

export function isBuyerOf(actor: Actor | null, order: Pick<OrderFacts, 'buyerId'>): boolean {
  return actor !== null && actor.id === order.buyerId;
}

export function isSellerOf(actor: Actor | null, order: Pick<OrderFacts, 'sellerId'>): boolean {
  return actor !== null && actor.id === order.sellerId;
}

/** An order is seen by its buyer, its seller and admins; to anyone else it does not exist. */
export function canSeeOrder(actor: Actor | null, order: Pick<OrderFacts, 'buyerId' | 'sellerId'>): boolean {
  return actor !== null && (actor.isAdmin || isBuyerOf(actor, order) || isSellerOf(actor, order));
}

export const SELLER_STATUS_REVOKED = 'Your seller status was revoked, so you can no longer change orders.';

/**
 * Whether the actor manages this order as its seller: the order's seller while they still are a
 * seller (a revoked seller's orders are left to admins, as their products are), or an admin.
 */
export function managesAsSeller(actor: Actor | null, order: Pick<OrderFacts, 'sellerId'>): boolean {
  return actor !== null && (actor.isAdmin || (isSellerOf(actor, order) && actor.isSeller));
}

export const ONLY_SWISH_ORDERS_DELETED =
  'Only Swish orders can be deleted. A PayPal order is paid online and stays on record.';
export const PAID_ORDERS_KEPT = 'A paid or delivered order cannot be deleted.';

/** Why the order itself cannot be deleted, whoever asks; null when it can. */
export function orderDeletionRefusal(order: Omit<OrderFacts, 'buyerId' | 'sellerId'>): string | null {
  if (order.paymentMethod !== 'Swish') return ONLY_SWISH_ORDERS_DELETED;
  if (order.isPaid || order.isDelivered) return PAID_ORDERS_KEPT;
  return null;
}

/**
 * Swish orders not yet paid or delivered may be deleted by their buyer, their seller (while a
 * seller) or an admin.
 */
export function canDeleteOrder(actor: Actor | null, order: OrderFacts): boolean {
  return (isBuyerOf(actor, order) || managesAsSeller(actor, order)) && orderDeletionRefusal(order) === null;
}

/**
 * An unpaid PayPal order still holding its stock may be cancelled by its seller (while a seller)
 * or an admin; the spec's delete stays for Swish orders.
 */
export function canCancelOrder(actor: Actor | null, order: OrderFacts): boolean {
  return managesAsSeller(actor, order) && order.paymentMethod === 'PayPal' && !order.isPaid && !order.isCancelled;
}

/** The paid and delivered flags are set by the order's seller, or an admin. */
export function canUpdateOrderStatus(actor: Actor | null, order: Pick<OrderFacts, 'sellerId'>): boolean {
  return actor !== null && (actor.isAdmin || isSellerOf(actor, order));
}

/** Only the buyer pays for an order. */
export function canPayOrder(actor: Actor | null, order: Pick<OrderFacts, 'buyerId'>): boolean {
  return isBuyerOf(actor, order);
}

/** Incoming orders are listed by sellers and admins. */
export function canListIncomingOrders(actor: Actor | null): boolean {
  return actor !== null && (actor.isAdmin || actor.isSeller);
}

/**
 * Whose incoming orders may be listed: an admin any seller's, or every order (no seller given);
 * a seller only their own.
 */
export function canListOrdersOf(actor: Actor | null, sellerId: string | undefined): boolean {
  if (actor === null) return false;
  if (actor.isAdmin) return true;
  return actor.isSeller && sellerId === actor.id;
}

export const SHIP_CANCELLED = 'A cancelled order cannot be shipped.';
export const SHIP_UNPAID_PAYPAL = 'A PayPal order is shipped once it is paid.';

/** Why the order cannot be shipped, whoever asks; null when it can (again, to correct it). */
export function orderShippingRefusal(
  order: Pick<OrderFacts, 'paymentMethod' | 'isPaid' | 'isCancelled'>,
): string | null {
  if (order.isCancelled) return SHIP_CANCELLED;
  if (order.paymentMethod === 'PayPal' && !order.isPaid) return SHIP_UNPAID_PAYPAL;
  return null;
}

/** The order's seller (while a seller) or an admin ships an order that can be shipped. */
export function canShipOrder(actor: Actor | null, order: OrderFacts): boolean {
  return managesAsSeller(actor, order) && orderShippingRefusal(order) === null;
}

/** The order's thread is read and written by whoever sees the order: its buyer, its seller, admins. */
export function canWriteOrderMessages(actor: Actor | null, order: Pick<OrderFacts, 'buyerId' | 'sellerId'>): boolean {
  return canSeeOrder(actor, order);
}
