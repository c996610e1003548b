import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moveItem', () => {
  it('moves an item left, right and to either end, keeping the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('leaves the list as it was for a place outside it, and never changes the original', () => {
    const items = ['a', 'b'];
    expect(moveItem(items, 0, 2)).toEqual(['a', 'b']);
    expect(moveItem(items, -1, 0)).toEqual(['a', 'b']);
    moveItem(items, 1, 0);
    expect(items).toEqual(['a', 'b']);
  });
});
