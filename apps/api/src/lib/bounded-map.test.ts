import { describe, expect, it } from 'vitest';
import { setKeepingAtMost } from './bounded-map';

describe('setKeepingAtMost', () => {
  it('drops the entry set longest ago once the map holds the most it may', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c'].entries()) setKeepingAtMost(map, key, i, 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
    // Reading does not make an entry younger.
    map.get('b');
    setKeepingAtMost(map, 'd', 3, 2);
    expect([...map.keys()]).toEqual(['c', 'd']);
  });

  it('replaces a key it holds without dropping another', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    setKeepingAtMost(map, 'b', 20, 2);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 20],
    ]);
  });
});
