import type { ShippingAddress } from '@torget/shared/api-types';
import type { PaymentMethod } from '@torget/shared/rules/orders';
import { useMemo } from 'react';
import { isRecord, parseJson, STORAGE_KEYS, useStoredRaw } from '../../../lib/storage';

const ADDRESS_FIELDS = ['fullName', 'address', 'city', 'postalCode', 'country'] as const;

/** Whatever address fields are stored, even an incomplete address (the map may store one). */
export function parseAddressFields(raw: string | null): Partial<ShippingAddress> {
  const value = parseJson(raw);
  const fields: Partial<ShippingAddress> = {};
  if (!isRecord(value)) return fields;
  for (const field of ADDRESS_FIELDS) {
    const text = value[field];
    if (typeof text === 'string' && text.trim() !== '') fields[field] = text;
  }
  return fields;
}

export function useStoredAddressFields(): Partial<ShippingAddress> {
  const raw = useStoredRaw(STORAGE_KEYS.shippingAddress);
  return useMemo(() => parseAddressFields(raw), [raw]);
}

/** The stored shipping address, or null when none is stored or one of its five fields is empty. */
export function parseShippingAddress(raw: string | null): ShippingAddress | null {
  const { fullName, address, city, postalCode, country } = parseAddressFields(raw);
  if (!fullName || !address || !city || !postalCode || !country) return null;
  return { fullName, address, city, postalCode, country };
}

export function useShippingAddress(): ShippingAddress | null {
  const raw = useStoredRaw(STORAGE_KEYS.shippingAddress);
  return useMemo(() => parseShippingAddress(raw), [raw]);
}

/**
 * The chosen payment method. Spec section 4: the initial method is PayPal; anything stored that
 * is not a payment method counts as none chosen (null).
 */
export function usePaymentMethod(): PaymentMethod | null {
  const raw = useStoredRaw(STORAGE_KEYS.paymentMethod);
  return useMemo(() => {
    if (raw === null) return 'PayPal';
    const value = parseJson(raw);
    return value === 'PayPal' || value === 'Swish' ? value : null;
  }, [raw]);
}

/** The location last confirmed on the address map, or null. */
export function useDeliveryLocation(): { address: string } | null {
  const raw = useStoredRaw(STORAGE_KEYS.deliveryLocation);
  return useMemo(() => {
    const value = parseJson(raw);
    return isRecord(value) && typeof value.address === 'string' ? { address: value.address } : null;
  }, [raw]);
}
