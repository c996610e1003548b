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
 * when the load ends. Until then the entry cannot say whether a write touches it. So an
 * invalidation while it loads makes it unjoinable (a read after the write starts a load of its
 * own, never sharing one begun before the write) and is remembered; when the load ends, the entry
 * is kept only if none of the tags invalidated meanwhile is among its own. Under a shop's steady
 * writes (the bench's mixed workload: 2 % of requests) dropping every load in flight at every
 * write kept almost no list: 17 % of lookups were hits where the searches' spread allows 60 %.
 * Other instances hear of a write through the change bus (lib/change-bus.ts) and invalidate the
 * same tags. Bounded by a number of entries and by their size (`sizeOf`, `maxBytes`): the least
 * recently used entries go first.
 */

/** Drops every entry. */
export const ALL_TAGS = '*';

/** How a narrowed tag begins (`narrowedTag`); no plain tag does. */
const NARROWED = 'narrowed:';

/**
 * `tag` changed, but only as far as `details` say (a product edit gives the product as
 * it was and as it is). An entry under `tag` that was stored with `touchedBy` is kept when that
 * says no detail touches it; any other entry under `tag` is dropped, as by `tag` itself. A tag
 * like any other, so the change bus carries it to the other instances unchanged.
 */
export function narrowedTag(tag: string, details: readonly unknown[]): string {
  return `${NARROWED}${JSON.stringify({ tag, details })}`;
}

/** The tag and details of a narrowed tag, or null for a plain tag (or a malformed one). */
function readNarrowed(tag: string): { tag: string; details: unknown[] } | null {
  if (!tag.startsWith(NARROWED)) return null;
  try {
    const read = JSON.parse(tag.slice(NARROWED.length)) as { tag?: unknown; details?: unknown };
    if (typeof read.tag !== 'string' || !Array.isArray(read.details)) return null;
    return { tag: read.tag, details: read.details };
  } catch {
    return null;
  }
}

export interface ReadCache {
  /**
   * The cached value of `key`, or what `load` answers (then cached for `ttlMs`). `tags` name
   * what the value depends on; an entry without tags is dropped only by `*` or its time.
   * `tagsOf` adds the tags read from the loaded value (the products a list shows). `touchedBy`
   * tells whether a narrowed tag's detail touches the value (`narrowedTag`); it must answer true
   * whenever it cannot be sure (also before the value is loaded).
   */
  get<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    tags?: readonly string[],
    tagsOf?: (value: T) => readonly string[],
    touchedBy?: (detail: unknown) => boolean,
  ): Promise<T>;
  /**
   * Drops every entry carrying one of `tags` (`*`: every entry); for a narrowed tag, those of
   * its tag's entries that its details may touch.
   */
  invalidate(tags: readonly string[]): void;
  /** How many lookups were answered from the cache and how many loaded (for the benchmark). */
  stats(): { hits: number; misses: number; size: number; bytes: number; invalidations: number };
}

interface Entry {
  value: Promise<unknown>;
  expires: number;
  tags: readonly string[];
  /**
   * While value-derived tags are unknown (tagsPending): the tags invalidated since the load began
   * (null: none). A read does not join such an entry; the load ends by keeping it or dropping it.
   */
  missed: Set<string> | null;
  touchedBy: ((detail: unknown) => boolean) | undefined;
  /** What `sizeOf` gave for the loaded value; 0 while it loads. */
  bytes: number;
}

export interface ReadCacheOptions {
  maxEntries?: number;
  /** Most bytes the loaded values may hold together, as `sizeOf` counts them (default: no bound). */
  maxBytes?: number;
  /** About how many bytes a loaded value holds (default: 0, so only maxEntries bounds the cache). */
  sizeOf?: (value: unknown) => number;
  /** A clock in milliseconds (tests). */
  now?: () => number;
}

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const sizeOf = options.sizeOf ?? (() => 0);
  const now = options.now ?? Date.now;
  let bytes = 0;
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
    bytes -= entry.bytes;
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

  /** Drops the least recently used entries while there are too many or they hold too much. */
  function trim(): void {
    while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 1)) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  /**
   * When the load ends, one reaction: a failed load is forgotten; a loaded value's own tags
   * (`tagsOf`) join the entry unless one was written while it loaded, and its size is counted.
   * Nothing happens to an entry an invalidation or a newer load replaced meanwhile.
   */
  function settleWhenLoaded<T>(key: string, entry: Entry, tagsOf: ((value: T) => readonly string[]) | undefined) {
    if (tagsOf) tagsPending.add(key);
    (entry.value as Promise<T>).then(
      (loaded) => {
        if (entries.get(key) !== entry) return;
        if (tagsOf) {
          tagsPending.delete(key);
          const more = tagsOf(loaded).filter((tag) => !entry.tags.includes(tag));
          const { missed } = entry;
          // The static tags were indexed from the start, so their invalidation already dropped
          // the entry: only the value's own can meet a tag missed while loading.
          if (missed && more.some((tag) => missed.has(tag))) {
            drop(key);
            return;
          }
          entry.missed = null;
          entry.tags = [...entry.tags, ...more];
          index(key, more);
        }
        entry.bytes = sizeOf(loaded);
        bytes += entry.bytes;
        trim();
      },
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
  }

  return {
    get<T>(
      key: string,
      ttlMs: number,
      load: () => Promise<T>,
      tags: readonly string[] = [],
      tagsOf?: (value: T) => readonly string[],
      touchedBy?: (detail: unknown) => boolean,
    ): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.expires > now() && entry.missed === null) {
        hits++;
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value as Promise<T>;
      }
      misses++;
      const value = load();
      const fresh: Entry = { value, expires: now() + ttlMs, tags, missed: null, touchedBy, bytes: 0 };
      store(key, fresh);
      settleWhenLoaded(key, fresh, tagsOf);
      trim();
      return value;
    },
    invalidate(tags) {
      invalidations++;
      if (tags.includes(ALL_TAGS)) {
        entries.clear();
        keysByTag.clear();
        tagsPending.clear();
        bytes = 0;
        return;
      }
      const read = tags.map((tag) => ({ tag, narrowed: readNarrowed(tag) }));
      // A narrowed tag is remembered as its tag: the value's own tags are matched without details.
      for (const key of tagsPending) {
        const entry = entries.get(key);
        if (!entry) continue;
        entry.missed ??= new Set();
        for (const { tag, narrowed } of read) entry.missed.add(narrowed?.tag ?? tag);
      }
      for (const { tag, narrowed } of read) {
        if (!narrowed) {
          for (const key of [...(keysByTag.get(tag) ?? [])]) drop(key);
          continue;
        }
        for (const key of [...(keysByTag.get(narrowed.tag) ?? [])]) {
          const touchedBy = entries.get(key)?.touchedBy;
          if (!touchedBy || narrowed.details.some(touchedBy)) drop(key);
        }
      }
    },
    stats: () => ({ hits, misses, size: entries.size, bytes, invalidations }),
  };
}

/** A cache that never keeps anything (READ_CACHE=off). */
export const noReadCache: ReadCache = {
  get: (_key, _ttlMs, load) => load(),
  invalidate: () => {},
  stats: () => ({ hits: 0, misses: 0, size: 0, bytes: 0, invalidations: 0 }),
};
