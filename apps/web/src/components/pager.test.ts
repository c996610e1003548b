import { describe, expect, it } from 'vitest';
import { shownPages } from './pager';

describe('shownPages', () => {
  it('links every page of a short list', () => {
    expect(shownPages(1, 3)).toEqual([1, 2, 3]);
    expect(shownPages(7, 15)).toHaveLength(15);
  });
  it('links the first, the last and the pages near the current one of a long list', () => {
    expect(shownPages(1, 2000)).toEqual([1, 2, 3, 2000]);
    expect(shownPages(500, 2000)).toEqual([1, 498, 499, 500, 501, 502, 2000]);
    expect(shownPages(2000, 2000)).toEqual([1, 1998, 1999, 2000]);
  });
});
