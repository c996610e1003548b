import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  parseSearchParams,
  priceLabel,
  SEARCH_DEFAULTS,
  searchFilters,
  searchUrl,
  sortOptions,
} from './search-url';

describe('search parameters from the route', () => {
  it('takes the spec defaults for anything missing or odd', () => {
    expect(parseSearchParams({})).toEqual(SEARCH_DEFAULTS);
    expect(
      parseSearchParams({
        name: '  ',
        category: '',
        min: '-5',
        max: 'x',
        rating: '9',
        order: 'random',
        pageNumber: '0',
      }),
    ).toEqual({ ...SEARCH_DEFAULTS, rating: 5 });
    expect(parseSearchParams({ pageNumber: '2.5' }).pageNumber).toBe(1);
  });

  it('keeps real values, trimmed', () => {
    expect(
      parseSearchParams({
        name: ' lamp ',
        category: 'Kläder',
        min: '10',
        max: '100',
        rating: '4',
        order: 'lowest',
        pageNumber: '3',
      }),
    ).toEqual({ name: 'lamp', category: 'Kläder', min: 10, max: 100, rating: 4, order: 'lowest', pageNumber: 3 });
  });
});

describe('the search address', () => {
  it('holds every parameter, encoded, and starts again at page 1 on a change', () => {
    const current = { ...SEARCH_DEFAULTS, name: 'röd/blå', pageNumber: 4 };
    expect(searchUrl(current, { category: 'Hem & trädgård' })).toBe(
      '/search/category/Hem%20%26%20tr%C3%A4dg%C3%A5rd/name/r%C3%B6d%2Fbl%C3%A5/min/0/max/0/rating/0/order/newest/pageNumber/1',
    );
    expect(searchUrl(current, { pageNumber: 5 })).toContain('/pageNumber/5');
  });

  it('round-trips through the route parameters', () => {
    const params = {
      ...SEARCH_DEFAULTS,
      name: 'lamp',
      category: 'Kläder',
      min: 1,
      max: 10,
      rating: 3,
      order: 'toprated' as const,
      pageNumber: 2,
    };
    const [, ...segments] = searchUrl(params, { pageNumber: 2 }).split('/');
    const route: Record<string, string> = {};
    for (let i = 1; i < segments.length; i += 2) route[segments[i] ?? ''] = decodeURIComponent(segments[i + 1] ?? '');
    expect(parseSearchParams(route)).toEqual(params);
  });
});

describe('filters', () => {
  it("reads 'all' as no name or category filter", () => {
    expect(searchFilters(SEARCH_DEFAULTS)).toEqual({ name: undefined, category: undefined });
    expect(searchFilters({ ...SEARCH_DEFAULTS, name: 'lamp' })).toEqual({ name: 'lamp', category: undefined });
  });

  it('counts name, category, price and rating as filters, not the order or the page', () => {
    expect(hasFilters(SEARCH_DEFAULTS)).toBe(false);
    expect(hasFilters({ ...SEARCH_DEFAULTS, order: 'highest', pageNumber: 3 })).toBe(false);
    for (const change of [{ name: 'x' }, { category: 'y' }, { min: 1 }, { max: 5 }, { rating: 2 }]) {
      expect(hasFilters({ ...SEARCH_DEFAULTS, ...change }), JSON.stringify(change)).toBe(true);
    }
  });

  it('labels price bounds as presets or as text', () => {
    expect(priceLabel(10, 100)).toBe('SEK 10-100');
    expect(priceLabel(5, 7)).toBe('SEK 5-7');
    expect(priceLabel(0, 30)).toBe('Up to SEK 30');
    expect(priceLabel(30, 0)).toBe('SEK 30 and up');
  });
});

describe('sort options', () => {
  it("offers the spec's four, and best match only when a name is searched", () => {
    expect(sortOptions(SEARCH_DEFAULTS).map((o) => o.value)).toEqual(['newest', 'lowest', 'highest', 'toprated']);
    expect(sortOptions({ ...SEARCH_DEFAULTS, name: 'mössa' }).map((o) => o.label)).toEqual([
      'Newest Arrivals',
      'Price: Low to High',
      'Price: High to Low',
      'Avg. Customer Reviews',
      'Best match',
    ]);
    expect(parseSearchParams({ name: 'mössa', order: 'relevance' }).order).toBe('relevance');
  });
});
