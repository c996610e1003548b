/**
 * The cart's writes to browser storage (spec section 4: add, remove, save the shipping address,
 * save the payment method, empty the cart). Every page reading the cart follows along, because
 * the storage helpers tell their subscribers.
 */
import type { ShippingAddress } from '@torget/shared/api-types.generated';
import { type CartItem, cartLineKey, type PaymentMethod } from '@torget/shared/rules/orders';
import { removeItem, STORAGE_KEYS, writeJson } from './storage';

/** The confirmed point on the address map (spec section 3, Delivery location). */
export interface DeliveryLocation {
  lat: number;
  lng: number;
  address: string;
  name: string;
  vicinity: string;
  googleAddressId: string;
}

export function saveCartItems(items: readonly CartItem[]): void {
  writeJson(STORAGE_KEYS.cartItems, items);
}

/** After an order is placed: the cart state and the stored cart lines go. */
export function emptyCart(): void {
  removeItem(STORAGE_KEYS.cartItems);
}

/** Removes the line `key` names (cartLineKey: the product, or the product and its variant). */
export function removeFromCart(items: readonly CartItem[], key: string): void {
  saveCartItems(items.filter((item) => cartLineKey(item) !== key));
}

export function changeQuantity(items: readonly CartItem[], key: string, qty: number): void {
  saveCartItems(items.map((item) => (cartLineKey(item) === key ? { ...item, qty } : item)));
}

export function saveShippingAddress(address: ShippingAddress): void {
  writeJson(STORAGE_KEYS.shippingAddress, address);
}

export function savePaymentMethod(method: PaymentMethod): void {
  writeJson(STORAGE_KEYS.paymentMethod, method);
}

export function saveDeliveryLocation(location: DeliveryLocation): void {
  writeJson(STORAGE_KEYS.deliveryLocation, location);
}

/** Address fields found on the map: stored for the shipping form to start from, even if incomplete. */
export function saveAddressDraft(fields: Partial<ShippingAddress>): void {
  writeJson(STORAGE_KEYS.shippingAddress, fields);
}
