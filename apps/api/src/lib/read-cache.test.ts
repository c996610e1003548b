import { describe, expect, it } from 'vitest';
import { createReadCache, narrowedTag } from './read-cache';

function setUp(maxEntries?: number) {
  const state = { now: 1_000 };
  const cache = createReadCache({
    now: () => state.now,
    ...(maxEntries ? { maxEntries } : {}),
  });
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return { state, cache, load, loads: () => loads };
}

describe('read cache', () => {
  it('answers a kept value until its time-to-live ends', async () => {
    const { state, cache, load, loads } = setUp();
    expect(await cache.get('k', 100, load('a'))).toBe('a');
    state.now += 99;
    expect(await cache.get('k', 100, load('b'))).toBe('a');
    state.now += 1;
    expect(await cache.get('k', 100, load('c'))).toBe('c');
    expect(loads()).toBe(2);
  });

  it('drops exactly the entries carrying an invalidated tag', async () => {
    const { cache, load } = setUp();
    await cache.get('product', 60_000, load('p1'), ['product:1']);
    await cache.get('other', 60_000, load('p2'), ['product:2']);
    await cache.get('list', 60_000, load('l1'), ['catalogue']);
    cache.invalidate(['product:1', 'category:Shirts']);
    expect(await cache.get('product', 60_000, load('p1 fresh'), ['product:1'])).toBe('p1 fresh');
    expect(await cache.get('other', 60_000, load('p2 fresh'), ['product:2'])).toBe('p2');
    expect(await cache.get('list', 60_000, load('l1 fresh'), ['catalogue'])).toBe('l1');
  });

  it('drops every entry on *', async () => {
    const { cache, load } = setUp();
    await cache.get('a', 60_000, load('a'), ['product:1']);
    await cache.get('b', 60_000, load('b'));
    cache.invalidate(['*']);
    expect(await cache.get('a', 60_000, load('a2'), ['product:1'])).toBe('a2');
    expect(await cache.get('b', 60_000, load('b2'))).toBe('b2');
    expect(cache.stats().size).toBe(2);
  });

  it('does not keep a value whose load overlapped an invalidation of its tags', async () => {
    const { cache, load } = setUp();
    let finish: (value: string) => void = () => {};
    const pending = cache.get('k', 60_000, () => new Promise<string>((resolve) => (finish = resolve)), ['product:1']);
    cache.invalidate(['product:1']);
    finish('read during the write');
    await pending;
    expect(await cache.get('k', 60_000, load('fresh'), ['product:1'])).toBe('fresh');
  });

  it('drops an entry by the tags read from its value', async () => {
    const { cache, load } = setUp();
    const shown = (value: string) => value.split(' ').map((id) => `listed:${id}`);
    await cache.get('list a', 60_000, load('1 2'), ['catalogue'], shown);
    await cache.get('list b', 60_000, load('3'), ['catalogue'], shown);
    cache.invalidate(['listed:2']);
    expect(await cache.get('list a', 60_000, load('1 2 fresh'), ['catalogue'], shown)).toBe('1 2 fresh');
    expect(await cache.get('list b', 60_000, load('3 fresh'), ['catalogue'], shown)).toBe('3');
    // The static tags still work beside them.
    cache.invalidate(['catalogue']);
    expect(await cache.get('list b', 60_000, load('3 again'), ['catalogue'], shown)).toBe('3 again');
  });

  it('keeps a load that overlapped an invalidation only when none of its value-derived tags was invalidated', async () => {
    const { cache, load, loads } = setUp();
    const shown = (value: string) => value.split(' ').map((id) => `listed:${id}`);
    const slowLoad = () => {
      let finish: (value: string) => void = () => {};
      const value = new Promise<string>((resolve) => (finish = resolve));
      return { value: () => value, finish: (v: string) => finish(v) };
    };

    // A write to product 7 cannot be matched against a list not read yet: it is remembered, and
    // the list, once read, shows 7: not kept.
    const first = slowLoad();
    const pending = cache.get('list', 60_000, first.value, [], shown);
    cache.invalidate(['listed:7']);
    first.finish('7');
    expect(await pending).toBe('7');
    expect(await cache.get('list', 60_000, load('7 fresh'), [], shown)).toBe('7 fresh');

    // A write to product 8 while the list loads; the list shows 7 and 9: kept.
    const second = slowLoad();
    const other = cache.get('other', 60_000, second.value, [], shown);
    cache.invalidate(['listed:8', 'product:8']);
    second.finish('7 9');
    expect(await other).toBe('7 9');
    expect(await cache.get('other', 60_000, load('7 9 again'), [], shown)).toBe('7 9');
    expect(loads()).toBe(1);
    // Kept with its value's tags indexed: a later write to 9 drops it.
    cache.invalidate(['listed:9']);
    expect(await cache.get('other', 60_000, load('7 9 after'), [], shown)).toBe('7 9 after');
  });

  it('never lets a read after a write join a load begun before it', async () => {
    const { cache } = setUp();
    const shown = (value: string) => [`listed:${value}`];
    let finish: (value: string) => void = () => {};
    const before = cache.get('list', 60_000, () => new Promise<string>((resolve) => (finish = resolve)), [], shown);
    cache.invalidate(['listed:1']);
    // Read after the write: a load of its own, not the one in flight.
    const after = cache.get('list', 60_000, () => Promise.resolve('after the write'), [], shown);
    finish('before the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
    // The newer load is what the cache keeps; the older one, ending later, does not replace it.
    expect(await cache.get('list', 60_000, () => Promise.resolve('third'), [], shown)).toBe('after the write');
  });

  it('drops, for a narrowed tag, the entries its details may touch and those that cannot tell', async () => {
    const { cache, load } = setUp();
    const holds = (word: string) => (detail: unknown) => String(detail).includes(word);
    await cache.get('lamps', 60_000, load('lamps'), ['category:Home'], undefined, holds('lamp'));
    await cache.get('vases', 60_000, load('vases'), ['category:Home'], undefined, holds('vase'));
    await cache.get('any', 60_000, load('any'), ['category:Home']);
    await cache.get('garden', 60_000, load('garden'), ['category:Garden'], undefined, holds('lamp'));
    cache.invalidate([narrowedTag('category:Home', ['desk lamp', 'floor lamp'])]);
    expect(await cache.get('lamps', 60_000, load('lamps fresh'), ['category:Home'])).toBe('lamps fresh');
    expect(await cache.get('vases', 60_000, load('vases fresh'), ['category:Home'])).toBe('vases');
    expect(await cache.get('any', 60_000, load('any fresh'), ['category:Home'])).toBe('any fresh');
    expect(await cache.get('garden', 60_000, load('garden fresh'), ['category:Garden'])).toBe('garden');
    // The tag itself still drops every entry it names.
    cache.invalidate(['category:Home']);
    expect(await cache.get('vases', 60_000, load('vases again'), ['category:Home'])).toBe('vases again');
  });

  it('reads a narrowed tag’s details as a tag and its details, whatever the details hold', () => {
    const tag = narrowedTag('seller:1', [{ name: 'a "quoted" name:with colons' }]);
    const { cache } = setUp();
    const seen: unknown[] = [];
    void cache.get(
      'k',
      60_000,
      () => new Promise(() => {}),
      ['seller:1'],
      undefined,
      (detail) => {
        seen.push(detail);
        return false;
      },
    );
    cache.invalidate([tag]);
    expect(seen).toEqual([{ name: 'a "quoted" name:with colons' }]);
  });

  it('matches a narrowed tag of a value-derived tag against a load in flight without its details', async () => {
    const { cache } = setUp();
    const shown = (value: string) => [`listed:${value}`];
    let finish: (value: string) => void = () => {};
    const pending = cache.get(
      'list',
      60_000,
      () => new Promise<string>((resolve) => (finish = resolve)),
      [],
      shown,
      () => false,
    );
    cache.invalidate([narrowedTag('listed:7', ['anything'])]);
    finish('7');
    await pending;
    expect(await cache.get('list', 60_000, () => Promise.resolve('fresh'), [], shown)).toBe('fresh');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const { cache, load, loads } = setUp();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', 1_000, load('once'))));
    expect(answers).toEqual(['once', 'once', 'once']);
    expect(loads()).toBe(1);
  });

  it('forgets a failed load', async () => {
    const { cache, load } = setUp();
    await expect(cache.get('k', 1_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', 1_000, load('up'))).toBe('up');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache, load, loads } = setUp(2);
    await cache.get('a', 1_000, load('a'));
    await cache.get('b', 1_000, load('b'));
    await cache.get('a', 1_000, load('a'));
    await cache.get('c', 1_000, load('c'));
    expect(cache.stats().size).toBe(2);
    await cache.get('a', 1_000, load('a'));
    expect(loads()).toBe(3);
    await cache.get('b', 1_000, load('b'));
    expect(loads()).toBe(4);
  });

  it('keeps its loaded values within maxBytes, dropping the least recently used', async () => {
    const cache = createReadCache({ maxBytes: 100, sizeOf: (value) => String(value).length });
    const load = (value: string) => () => Promise.resolve(value);
    await cache.get('a', 1_000, load('a'.repeat(40)));
    await cache.get('b', 1_000, load('b'.repeat(40)));
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 80 });
    await cache.get('a', 1_000, load('not loaded: a is kept'));
    await cache.get('c', 1_000, load('c'.repeat(40)));
    // b was the least recently used: it went, a stayed.
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 80 });
    expect(await cache.get('a', 1_000, load('again'))).toBe('a'.repeat(40));
    expect(await cache.get('b', 1_000, load('b again'))).toBe('b again');
    // One value larger than the bound is still kept, alone.
    await cache.get('huge', 1_000, load('h'.repeat(500)));
    expect(cache.stats()).toMatchObject({ size: 1, bytes: 500 });
    cache.invalidate(['*']);
    expect(cache.stats()).toMatchObject({ size: 0, bytes: 0 });
  });
});
