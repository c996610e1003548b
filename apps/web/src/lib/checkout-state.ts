/**
 * The checkout's state as stored in the browser (spec sections 3 and 4): the shipping address,
 * the chosen payment method and the location confirmed on the map. Pure parsing of the stored
 * JSON; the hooks in ../hooks/use-checkout-state.ts read storage and call these. The address and
 * payment-method rules are the shared ones (@torget/shared/rules/orders).
 */
import type { ShippingAddress } from '@torget/shared/api-types.generated';
import {
  completeShippingAddress,
  INITIAL_PAYMENT_METHOD,
  isPaymentMethod,
  type PaymentMethod,
  SHIPPING_ADDRESS_FIELDS,
} from '@torget/shared/rules/orders';
import { isRecord, parseJson } from './storage';

/** Whatever address fields are stored, even an incomplete address (the map may store one). */
export function parseAddressFields(raw: string | null): Partial<ShippingAddress> {
  const value = parseJson(raw);
  const fields: Partial<ShippingAddress> = {};
  if (!isRecord(value)) return fields;
  for (const field of SHIPPING_ADDRESS_FIELDS) {
    const text = value[field];
    if (typeof text === 'string' && text.trim() !== '') fields[field] = text;
  }
  return fields;
}

/** The stored shipping address, or null when none is stored or one of its five fields is empty. */
export function parseShippingAddress(raw: string | null): ShippingAddress | null {
  return completeShippingAddress(parseAddressFields(raw));
}

/**
 * The chosen payment method: the initial method when nothing is stored yet; anything stored that
 * is not a payment method counts as none chosen (null).
 */
export function parsePaymentMethod(raw: string | null): PaymentMethod | null {
  if (raw === null) return INITIAL_PAYMENT_METHOD;
  const value = parseJson(raw);
  return isPaymentMethod(value) ? value : null;
}

/** The location last confirmed on the address map, or null. */
export function parseDeliveryLocation(raw: string | null): { address: string } | null {
  const value = parseJson(raw);
  return isRecord(value) && typeof value.address === 'string' ? { address: value.address } : null;
}
