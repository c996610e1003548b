import { useMemo } from 'react';
import { parseJson, STORAGE_KEYS, useStoredRaw } from '../../../lib/storage';

/** A cart line as kept in browser storage (spec section 3, Cart item). */
export interface CartItem {
  product: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  qty: number;
  shipping_price: number;
  shipping_info: string;
  seller: { _id: string; name?: string; seller?: { name?: string } };
}

/** The stored cart lines; anything that is not an array counts as an empty cart. */
export function useCartItems(): CartItem[] {
  const raw = useStoredRaw(STORAGE_KEYS.cartItems);
  return useMemo(() => {
    const items = parseJson(raw);
    return Array.isArray(items) ? (items as CartItem[]) : [];
  }, [raw]);
}
