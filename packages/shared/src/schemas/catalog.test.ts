import { describe, expect, it } from 'vitest';
import { productUpdateSchema, reviewSchema } from './catalog';

const valid = { name: 'Lampa', price: 149.5, countInStock: 3 };

describe('product update payload', () => {
  it('accepts numbers and numeric strings', () => {
    expect(productUpdateSchema.parse({ ...valid, price: '149.50', countInStock: '3' })).toMatchObject({
      price: 149.5,
      countInStock: 3,
      shipping_price: 0,
    });
  });
  it('refuses negative, fractional-öre, non-integer stock and non-numeric values', () => {
    for (const bad of [
      { price: -1 },
      { price: 1.005 },
      { price: true },
      { price: '' },
      { price: null },
      { countInStock: 1.5 },
      { countInStock: -2 },
      { shipping_price: -0.01 },
      { name: '   ' },
    ]) {
      expect(productUpdateSchema.safeParse({ ...valid, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('review payload', () => {
  it('needs a rating of 1 to 5 and a comment, with the spec messages', () => {
    expect(reviewSchema.safeParse({ rating: 5, comment: 'Bra' }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 0, comment: 'Bra' }).error?.issues[0]?.message).toBe(
      'Please enter rating.',
    );
    expect(reviewSchema.safeParse({ rating: 3, comment: ' ' }).error?.issues[0]?.message).toBe('Please enter comment.');
  });
});

describe('product update: decimal comma and images', () => {
  const base = { name: 'Skål', price: '249,50', countInStock: '3' };
  it('reads a Swedish decimal comma as a point', () => {
    const parsed = productUpdateSchema.parse({ ...base, shipping_price: '19,9' });
    expect(parsed.price).toBe(249.5);
    expect(parsed.shipping_price).toBe(19.9);
    expect(productUpdateSchema.safeParse({ ...base, price: '1,2,3' }).success).toBe(false);
  });
  it('takes up to 8 stored image paths, each once', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `/uploads/${i}.webp`);
    expect(productUpdateSchema.parse({ ...base, images: eight }).images).toEqual(eight);
    expect(productUpdateSchema.safeParse({ ...base, images: [...eight, '/uploads/9.webp'] }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...base, images: ['/uploads/a.webp', '/uploads/a.webp'] }).success).toBe(
      false,
    );
    expect(productUpdateSchema.safeParse({ ...base, images: ['javascript:alert(1)'] }).success).toBe(false);
    expect(productUpdateSchema.parse(base).images).toBeUndefined();
  });
});
