import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

function setUp(maxEntries?: number) {
  const state = { generation: 0, now: 1_000 };
  const cache = createReadCache({
    generation: () => state.generation,
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

  it('never answers a value kept before a write', async () => {
    const { state, cache, load } = setUp();
    await cache.get('k', 60_000, load('before'));
    state.generation++;
    expect(await cache.get('k', 60_000, load('after'))).toBe('after');
  });

  it('does not keep a value whose load overlapped a write', async () => {
    const { state, cache, load } = setUp();
    let finish: (value: string) => void = () => {};
    const pending = cache.get('k', 60_000, () => new Promise<string>((resolve) => (finish = resolve)));
    state.generation++;
    finish('read during the write');
    await pending;
    expect(await cache.get('k', 60_000, load('fresh'))).toBe('fresh');
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
