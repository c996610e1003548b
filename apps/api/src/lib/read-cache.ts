/**
 * A small in-process cache of read results (categories, top sellers, product lists and their
 * counts, product pages), with three rules:
 * - an entry lives at most its time-to-live;
 * - an entry names what it depends on (its tags: `product:<id>`, `seller:<id>`,
 *   `category:<name>`, `catalogue`, ...; lib/cache-changes.ts says which write touches which),
 *   and `invalidate(tags)` drops exactly the entries carrying one of them (`*` drops all). A
 *   load still in flight is dropped too, so a read after a write never joins a load begun
 *   before it;
 * - concurrent misses of one key share one load (no stampede on the database).
 * Some tags are known only from the value (which products a list shows): `tagsOf` gives them
 * when the load ends. Until then the entry cannot say whether a write touches it, so any
 * invalidation drops it (a load in flight is a few milliseconds; writes are rare beside reads).
 * Other instances hear of a write through the change bus (lib/change-bus.ts) and invalidate the
 * same tags. Bounded: the least recently used entries go first.
 */

/** Drops every entry. */
export const ALL_TAGS = '*';

export interface ReadCache {
  /**
   * The cached value of `key`, or what `load` answers (then cached for `ttlMs`). `tags` name
   * what the value depends on; an entry without tags is dropped only by `*` or its time.
   * `tagsOf` adds the tags read from the loaded value (the products a list shows).
   */
  get<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    tags?: readonly string[],
    tagsOf?: (value: T) => readonly string[],
  ): Promise<T>;
  /** Drops every entry carrying one of `tags` (`*`: every entry). */
  invalidate(tags: readonly string[]): void;
  /** How many lookups were answered from the cache and how many loaded (for the benchmark). */
  stats(): { hits: number; misses: number; size: number; invalidations: number };
}

interface Entry {
  value: Promise<unknown>;
  expires: number;
  tags: readonly string[];
}

export interface ReadCacheOptions {
  maxEntries?: number;
  /** A clock in milliseconds (tests). */
  now?: () => number;
}

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // tag → the keys of the entries carrying it; kept in step with `entries` by `drop`.
  const keysByTag = new Map<string, Set<string>>();
  // Keys whose value-derived tags are not known yet (their load is in flight).
  const tagsPending = new Set<string>();
  let hits = 0;
  let misses = 0;
  let invalidations = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    tagsPending.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function index(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  function store(key: string, entry: Entry): void {
    drop(key);
    entries.set(key, entry);
    index(key, entry.tags);
  }

  /** The loaded value's own tags join the entry, if no invalidation dropped it meanwhile. */
  function addTagsWhenLoaded<T>(key: string, entry: Entry, value: Promise<T>, tagsOf: (value: T) => readonly string[]) {
    tagsPending.add(key);
    value.then(
      (loaded) => {
        if (entries.get(key) !== entry) return;
        tagsPending.delete(key);
        const more = tagsOf(loaded).filter((tag) => !entry.tags.includes(tag));
        entry.tags = [...entry.tags, ...more];
        index(key, more);
      },
      () => {},
    );
  }

  return {
    get<T>(
      key: string,
      ttlMs: number,
      load: () => Promise<T>,
      tags: readonly string[] = [],
      tagsOf?: (value: T) => readonly string[],
    ): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        hits++;
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value as Promise<T>;
      }
      misses++;
      const value = load();
      const fresh: Entry = { value, expires: now() + ttlMs, tags };
      store(key, fresh);
      if (tagsOf) addTagsWhenLoaded(key, fresh, value, tagsOf);
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key) === fresh) drop(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return value;
    },
    invalidate(tags) {
      invalidations++;
      if (tags.includes(ALL_TAGS)) {
        entries.clear();
        keysByTag.clear();
        tagsPending.clear();
        return;
      }
      for (const key of [...tagsPending]) drop(key);
      for (const tag of tags) {
        for (const key of [...(keysByTag.get(tag) ?? [])]) drop(key);
      }
    },
    stats: () => ({ hits, misses, size: entries.size, invalidations }),
  };
}

/** A cache that never keeps anything (READ_CACHE=off). */
export const noReadCache: ReadCache = {
  get: (_key, _ttlMs, load) => load(),
  invalidate: () => {},
  stats: () => ({ hits: 0, misses: 0, size: 0, invalidations: 0 }),
};
