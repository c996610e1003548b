import { describe, expect, it } from 'vitest';
import { ALL, isProductOrder, textFilter } from './catalog-query';

describe('catalogue query rules', () => {
  it("reads 'all' and blank text as no filter, anything else trimmed", () => {
    expect(textFilter(ALL)).toBeUndefined();
    expect(textFilter('')).toBeUndefined();
    expect(textFilter('   ')).toBeUndefined();
    expect(textFilter(' lamp ')).toBe('lamp');
    expect(textFilter('Allt')).toBe('Allt');
  });

  it('knows the four sort orders', () => {
    expect(['newest', 'lowest', 'highest', 'toprated'].every(isProductOrder)).toBe(true);
    expect(isProductOrder('random')).toBe(false);
    expect(isProductOrder(undefined)).toBe(false);
  });
});
