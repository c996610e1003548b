import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

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

  it('drops a load in flight on any invalidation while its value-derived tags are unknown', async () => {
    const { cache, load } = setUp();
    let finish: (value: string) => void = () => {};
    const shown = (value: string) => [`listed:${value}`];
    const pending = cache.get('list', 60_000, () => new Promise<string>((resolve) => (finish = resolve)), [], shown);
    // A write to product 7 cannot be matched against a list not read yet: the load is not kept.
    cache.invalidate(['listed:7']);
    finish('7');
    expect(await pending).toBe('7');
    expect(await cache.get('list', 60_000, load('7 fresh'), [], shown)).toBe('7 fresh');
    // Once loaded, an unrelated invalidation leaves it be.
    cache.invalidate(['listed:8']);
    expect(await cache.get('list', 60_000, load('7 again'), [], shown)).toBe('7 fresh');
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
});
