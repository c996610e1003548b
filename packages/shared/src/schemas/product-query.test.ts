import { describe, expect, it } from 'vitest';
import { productFacetsQuerySchema, productListQuerySchema, suggestQuerySchema } from './product-query';

describe('product list query', () => {
  it('applies the search defaults', () => {
    expect(productListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 12,
      min: 0,
      max: 0,
      rating: 0,
      order: 'newest',
      scope: 'catalog',
    });
  });
  it('takes the managing list’s scope and column sorts, and nothing else', () => {
    expect(productListQuerySchema.parse({ scope: 'manage', sort: '-price' })).toMatchObject({
      scope: 'manage',
      sort: '-price',
    });
    expect(productListQuerySchema.parse({ scope: '', sort: '' })).toMatchObject({ scope: 'catalog' });
    expect(productListQuerySchema.safeParse({ scope: 'everything' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ sort: 'colour' }).success).toBe(false);
  });
  it("treats 'all' and empty strings as no filter", () => {
    const q = productListQuerySchema.parse({ name: 'all', category: '', seller: '' });
    expect(q.name).toBeUndefined();
    expect(q.category).toBeUndefined();
    expect(q.seller).toBeUndefined();
  });
  it('refuses a malformed seller id, a page size over 100 and an unknown order', () => {
    expect(productListQuerySchema.safeParse({ seller: 'x' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ order: 'random' }).success).toBe(false);
  });
  it('reads every empty value as not given: the defaults, not an error', () => {
    const empty = { pageNumber: '', seller: '', name: '', category: '', min: '', max: '', rating: '', order: '' };
    expect(productListQuerySchema.parse(empty)).toEqual(productListQuerySchema.parse({}));
    expect(productListQuerySchema.parse({ pageNumber: ' ', pageSize: '' }).pageNumber).toBe(1);
  });
  it('accepts best match besides the four sort orders, and still refuses page 0', () => {
    expect(productListQuerySchema.parse({ order: 'relevance' }).order).toBe('relevance');
    expect(productListQuerySchema.safeParse({ pageNumber: '0' }).success).toBe(false);
  });
});

describe('suggest query', () => {
  it('trims the text, defaults to empty, and refuses over 100 characters', () => {
    expect(suggestQuerySchema.parse({ q: '  lam  ' })).toEqual({ q: 'lam' });
    expect(suggestQuerySchema.parse({})).toEqual({ q: '' });
    expect(suggestQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('facets query', () => {
  it('takes the search filters with their empty-value rules, and no paging or sort', () => {
    const empty = { seller: '', name: '', category: '', min: '', max: '', rating: '' };
    expect(productFacetsQuerySchema.parse(empty)).toEqual({ min: 0, max: 0, rating: 0 });
    expect(productFacetsQuerySchema.parse({ name: 'lampa', pageNumber: '3', order: 'lowest' })).toEqual({
      name: 'lampa',
      min: 0,
      max: 0,
      rating: 0,
    });
    expect(productFacetsQuerySchema.safeParse({ seller: 'x' }).success).toBe(false);
  });
});
