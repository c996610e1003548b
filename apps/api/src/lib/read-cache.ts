/**
 * A small in-process cache of read results (categories, top sellers, product lists and their
 * counts), with three rules:
 * - an entry lives at most its time-to-live;
 * - every data-changing statement this process sends, and the end of every transaction, bumps
 *   the database's write generation (`Database.writeGeneration`), and an entry made under an
 *   older generation is never served: a write through this process is seen by its next read;
 * - concurrent misses of one key share one load (no stampede on the database).
 * Other instances' writes are seen once the entry expires: with several instances, a list may
 * be up to its time-to-live behind (docs/performance.md). Bounded: the least recently used
 * entries go first.
 */

export interface ReadCache {
  /** The cached value of `key`, or what `load` answers (then cached for `ttlMs`). */
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /** How many lookups were answered from the cache and how many loaded (for the benchmark). */
  stats(): { hits: number; misses: number; size: number };
}

interface Entry {
  value: Promise<unknown>;
  generation: number;
  expires: number;
}

export interface ReadCacheOptions {
  /** The database's write generation. */
  generation: () => number;
  maxEntries?: number;
  /** A clock in milliseconds (tests). */
  now?: () => number;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const { generation } = options;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  return {
    get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const current = generation();
      const entry = entries.get(key);
      if (entry && entry.generation === current && entry.expires > now()) {
        hits++;
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value as Promise<T>;
      }
      misses++;
      const value = load();
      const fresh: Entry = { value, generation: current, expires: now() + ttlMs };
      entries.delete(key);
      entries.set(key, fresh);
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    stats: () => ({ hits, misses, size: entries.size }),
  };
}

/** A cache that never keeps anything (READ_CACHE=off). */
export const noReadCache: ReadCache = {
  get: (_key, _ttlMs, load) => load(),
  stats: () => ({ hits: 0, misses: 0, size: 0 }),
};
