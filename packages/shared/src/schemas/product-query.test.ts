import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from './product-query';

describe('product list query', () => {
  it('applies the search defaults', () => {
    expect(productListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 12,
      min: 0,
      max: 0,
      rating: 0,
      order: 'newest',
    });
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
});
