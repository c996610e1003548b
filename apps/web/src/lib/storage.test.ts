import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  isRecord,
  parseJson,
  readJson,
  readRaw,
  removeItem,
  STORAGE_KEYS,
  subscribeStorage,
  writeJson,
} from './storage';

/** A Storage in memory, and a window holding it with an event target, as the browser has. */
function fakeWindow(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | 'throws') {
  const target = new EventTarget();
  return Object.defineProperty(target, 'localStorage', {
    get() {
      if (storage === 'throws') throw new Error('storage is switched off');
      return storage;
    },
  });
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const realWindow = globalThis.window;
let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  globalThis.window = fakeWindow(storage) as unknown as Window & typeof globalThis; // only what storage.ts uses
});
afterEach(() => {
  globalThis.window = realWindow;
});

describe('browser storage', () => {
  it('writes and reads JSON under the spec keys', () => {
    writeJson(STORAGE_KEYS.cartItems, [{ product: 'p', qty: 2 }]);
    expect(storage.items.get('cartItems')).toBe('[{"product":"p","qty":2}]');
    expect(readJson(STORAGE_KEYS.cartItems)).toEqual([{ product: 'p', qty: 2 }]);
    expect(readRaw(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('tells subscribers of every write and removal, until they unsubscribe', () => {
    let calls = 0;
    const unsubscribe = subscribeStorage(() => {
      calls += 1;
    });
    writeJson(STORAGE_KEYS.paymentMethod, 'Swish');
    removeItem(STORAGE_KEYS.paymentMethod);
    unsubscribe();
    writeJson(STORAGE_KEYS.paymentMethod, 'PayPal');
    expect(calls).toBe(2);
  });

  it('forgets the session, cart and checkout on sign-out', () => {
    for (const key of Object.values(STORAGE_KEYS)) writeJson(key, 'x');
    storage.items.set('unrelated', 'kept');
    clearSession();
    expect([...storage.items.keys()]).toEqual(['unrelated']);
  });

  it('keeps working, storing nothing, when storage is switched off', () => {
    globalThis.window = fakeWindow('throws') as unknown as Window & typeof globalThis;
    expect(() => writeJson(STORAGE_KEYS.cartItems, [])).not.toThrow();
    expect(readRaw(STORAGE_KEYS.cartItems)).toBeNull();
  });
});

describe('parsing stored text', () => {
  it('answers null for missing or malformed JSON', () => {
    expect(parseJson(null)).toBeNull();
    expect(parseJson('{oops')).toBeNull();
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
  });

  it('tells objects from arrays and null', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});
