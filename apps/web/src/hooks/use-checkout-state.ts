/** The checkout's stored state as hooks that follow storage; the parsing is ../utils/checkout-state.ts. */
import type { ShippingAddress } from '@torget/shared/api-types.generated';
import type { PaymentMethod } from '@torget/shared/rules/orders';
import { useMemo } from 'react';
import {
  parseAddressFields,
  parseDeliveryLocation,
  parsePaymentMethod,
  parseShippingAddress,
} from '#web/lib/checkout-state.ts';
import { STORAGE_KEYS, useStoredRaw } from '#web/lib/storage.ts';

export function useStoredAddressFields(): Partial<ShippingAddress> {
  const raw = useStoredRaw(STORAGE_KEYS.shippingAddress);
  return useMemo(() => parseAddressFields(raw), [raw]);
}

export function useShippingAddress(): ShippingAddress | null {
  const raw = useStoredRaw(STORAGE_KEYS.shippingAddress);
  return useMemo(() => parseShippingAddress(raw), [raw]);
}

/** The chosen payment method (spec section 4: PayPal until one is chosen). */
export function usePaymentMethod(): PaymentMethod | null {
  const raw = useStoredRaw(STORAGE_KEYS.paymentMethod);
  return useMemo(() => parsePaymentMethod(raw), [raw]);
}

export function useDeliveryLocation(): { address: string } | null {
  const raw = useStoredRaw(STORAGE_KEYS.deliveryLocation);
  return useMemo(() => parseDeliveryLocation(raw), [raw]);
}
