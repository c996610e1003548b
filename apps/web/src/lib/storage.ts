/**
 * The browser storage of the spec (section 3): `userInfo`, `cartItems` and `shippingAddress`
 * in localStorage, as JSON. Every write here tells this tab's subscribers; other tabs hear of
 * it through the browser's `storage` event.
 */
import { useSyncExternalStore } from 'react';

export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  cartItems: 'cartItems',
  shippingAddress: 'shippingAddress',
  /** The checkout's chosen payment method ('PayPal' or 'Swish'). */
  paymentMethod: 'paymentMethod',
  /** The delivery location confirmed on the address map (spec section 3). */
  deliveryLocation: 'deliveryLocation',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const CHANGE_EVENT = 'torget:storage';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app then keeps nothing.
    return null;
  }
}

function notify(key: StorageKey): void {
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

/** The stored text under `key`, or null. */
export function readRaw(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The parsed JSON under `key`, or null when absent or not JSON. Callers check the shape. */
export function readJson(key: StorageKey): unknown {
  return parseJson(readRaw(key));
}

export function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the value lives only until the page closes.
  }
  notify(key);
}

export function removeItem(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
  notify(key);
}

/** Calls `onChange` whenever any stored key changes, in this tab or another. */
export function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/**
 * Sign-out (spec section 4): forgets the session, the cart and the shipping address, and the
 * rest of the checkout (payment method, the map's address), so the next person at this browser
 * sees nothing of it.
 */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) removeItem(key);
}

/** The stored text under `key`, re-rendering the caller when it changes. */
export function useStoredRaw(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => readRaw(key),
    () => null,
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
