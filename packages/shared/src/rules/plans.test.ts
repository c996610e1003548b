import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsAgainstPlan, mayAddProduct, PLANS, planProductUsage } from './plans';

const productsOf = fc.array(fc.record({ isDraft: fc.boolean() }), { maxLength: 80 });

describe('the plan limit counts every product but drafts', () => {
  it('counts listed products, never drafts', () => {
    expect(countsAgainstPlan({ isDraft: true })).toBe(false);
    expect(countsAgainstPlan({ isDraft: false })).toBe(true);
  });

  it('gives the same usage whatever drafts are added', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '2', '3', 'x'), productsOf, fc.nat(20), (plan, products, drafts) => {
        const withDrafts = [...products, ...Array.from({ length: drafts }, () => ({ isDraft: true }))];
        expect(planProductUsage(plan, withDrafts)).toEqual(planProductUsage(plan, products));
        expect(planProductUsage(plan, products).count).toBe(products.filter((p) => !p.isDraft).length);
      }),
    );
  });

  it('lets a plan-1 seller with five drafts publish until five are listed', () => {
    const products = Array.from({ length: 5 }, () => ({ isDraft: true }));
    let published = 0;
    for (const product of products) {
      if (mayAddProduct('1', planProductUsage('1', products).count)) {
        product.isDraft = false;
        published += 1;
      }
    }
    expect(published).toBe(5);
    expect(mayAddProduct('1', planProductUsage('1', products).count)).toBe(false);
  });

  it('allows one more exactly while the count is below the limit', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '2', '3'), fc.nat(200), (plan, count) => {
        const max = PLANS[plan].maxProducts;
        expect(mayAddProduct(plan, count)).toBe(max === null || count < max);
      }),
    );
  });
});
