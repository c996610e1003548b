import { describe, expect, it } from 'vitest';
import type { Order } from '../api-types.generated';
import {
  canCancelOrder,
  canDeleteOrder,
  canListIncomingOrders,
  canListOrdersOf,
  canPayOrder,
  canSeeOrder,
  canUpdateOrderStatus,
  managesAsSeller,
  ONLY_SWISH_ORDERS_DELETED,
  type OrderFacts,
  orderDeletionRefusal,
  orderFactsOf,
  PAID_ORDERS_KEPT,
} from './orders';
import { actor } from './test-actors';

const buyer = actor('buyer');
const seller = actor('seller', { isSeller: true });
const otherSeller = actor('other-seller', { isSeller: true });
const admin = actor('admin', { isAdmin: true });
const stranger = actor('stranger');

const swishOrder: OrderFacts = {
  buyerId: 'buyer',
  sellerId: 'seller',
  paymentMethod: 'Swish',
  isPaid: false,
  isDelivered: false,
  isCancelled: false,
};
const paypalOrder: OrderFacts = { ...swishOrder, paymentMethod: 'PayPal' };

describe('who sees an order', () => {
  it('is its buyer, its seller and admins; nobody else, and no visitor', () => {
    expect([buyer, seller, admin].map((a) => canSeeOrder(a, swishOrder))).toEqual([true, true, true]);
    expect([otherSeller, stranger, null].map((a) => canSeeOrder(a, swishOrder))).toEqual([false, false, false]);
  });
});

describe('deleting an order', () => {
  it('is open to buyer, seller and admin while a Swish order is neither paid nor delivered', () => {
    for (const actor of [buyer, seller, admin]) expect(canDeleteOrder(actor, swishOrder)).toBe(true);
    for (const actor of [otherSeller, stranger, null]) expect(canDeleteOrder(actor, swishOrder)).toBe(false);
  });

  it('refuses PayPal orders and paid or delivered ones, with the reason', () => {
    expect(orderDeletionRefusal(swishOrder)).toBeNull();
    expect(orderDeletionRefusal({ ...swishOrder, paymentMethod: 'PayPal' })).toBe(ONLY_SWISH_ORDERS_DELETED);
    expect(orderDeletionRefusal({ ...swishOrder, isPaid: true })).toBe(PAID_ORDERS_KEPT);
    expect(orderDeletionRefusal({ ...swishOrder, isDelivered: true })).toBe(PAID_ORDERS_KEPT);
    expect(canDeleteOrder(admin, { ...swishOrder, isPaid: true })).toBe(false);
  });
});

describe('updating and paying an order', () => {
  it('lets the seller and admins set the status, only the buyer pay', () => {
    expect([seller, admin, buyer, otherSeller].map((a) => canUpdateOrderStatus(a, swishOrder))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([buyer, seller, admin, null].map((a) => canPayOrder(a, swishOrder))).toEqual([true, false, false, false]);
  });
});

describe('listing incoming orders', () => {
  it('lets admins list anyone’s or all, sellers only their own', () => {
    expect(canListIncomingOrders(admin) && canListIncomingOrders(seller)).toBe(true);
    expect(canListIncomingOrders(buyer) || canListIncomingOrders(null)).toBe(false);
    expect(canListOrdersOf(admin, undefined) && canListOrdersOf(admin, 'seller')).toBe(true);
    expect(canListOrdersOf(seller, 'seller')).toBe(true);
    expect(canListOrdersOf(seller, 'other-seller') || canListOrdersOf(seller, undefined)).toBe(false);
  });
});

describe('the facts of an order as the API answers it', () => {
  it('reads the buyer from a bare id and from the lists’ { _id, name }', () => {
    const order = {
      user: 'buyer',
      seller: { _id: 'seller' },
      paymentMethod: 'Swish',
      isPaid: false,
      isDelivered: true,
      isCancelled: false,
    } as unknown as Order; // only the fields the facts read
    expect(orderFactsOf(order)).toEqual({ ...swishOrder, isDelivered: true });
    expect(orderFactsOf({ ...order, user: { _id: 'buyer', name: 'B' } }).buyerId).toBe('buyer');
  });
});

describe('managing an order as its seller', () => {
  const revoked = actor('seller');

  it('is the order seller while a seller, and admins; a revoked seller no longer', () => {
    expect([seller, admin].map((a) => managesAsSeller(a, swishOrder))).toEqual([true, true]);
    expect([revoked, otherSeller, buyer, null].map((a) => managesAsSeller(a, swishOrder))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets a revoked seller delete no order, while the buyer still may', () => {
    expect(canDeleteOrder(revoked, swishOrder)).toBe(false);
    expect(canDeleteOrder(buyer, swishOrder)).toBe(true);
  });

  it('cancels only unpaid PayPal orders still holding stock, by their seller or an admin', () => {
    expect([seller, admin].map((a) => canCancelOrder(a, paypalOrder))).toEqual([true, true]);
    expect([buyer, revoked, otherSeller, null].map((a) => canCancelOrder(a, paypalOrder))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(canCancelOrder(admin, swishOrder)).toBe(false);
    expect(canCancelOrder(admin, { ...paypalOrder, isPaid: true })).toBe(false);
    expect(canCancelOrder(admin, { ...paypalOrder, isCancelled: true })).toBe(false);
  });
});
