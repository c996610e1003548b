// Part of the first bundle (the header's badge): type-only imports from the shared rules, so
// their zod schemas stay in the lazily loaded checkout chunks.
import type { CartItem } from '@torget/shared/rules/orders';
import { useMemo } from 'react';
import { isRecord, parseJson, STORAGE_KEYS, useStoredRaw } from '#web/lib/storage.ts';

export type { CartItem };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A stored cart line in the shape of spec section 3, or null when it is not one. */
function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value) || typeof value.product !== 'string' || !isRecord(value.seller)) return null;
  const seller = value.seller;
  if (typeof seller._id !== 'string') return null;
  return {
    product: value.product,
    name: text(value.name),
    image: text(value.image),
    price: amount(value.price),
    countInStock: amount(value.countInStock),
    qty: Math.max(1, Math.trunc(amount(value.qty))),
    shipping_price: amount(value.shipping_price),
    shipping_info: text(value.shipping_info),
    seller: {
      _id: seller._id,
      name: text(seller.name),
      seller: { name: isRecord(seller.seller) ? text(seller.seller.name) : '' },
    },
    ...(typeof value.vatRate === 'number' ? { vatRate: value.vatRate } : {}),
    ...(typeof value.variant === 'string' ? { variant: value.variant, variantName: text(value.variantName) } : {}),
  };
}

/** Reads cart lines from stored JSON; anything that is not a list of cart lines counts as empty. */
export function parseCartItems(raw: string | null): CartItem[] {
  const items = parseJson(raw);
  if (!Array.isArray(items)) return [];
  return items.map(toCartItem).filter((item): item is CartItem => item !== null);
}

/** The stored cart lines (spec section 3, Cart item), re-rendering when the cart changes. */
export function useCartItems(): CartItem[] {
  const raw = useStoredRaw(STORAGE_KEYS.cartItems);
  return useMemo(() => parseCartItems(raw), [raw]);
}
