import type { ProductVariant } from '@torget/shared/api-types.generated';
import { describe, expect, it } from 'vitest';
import { chosenVariant, initialChoice, soldOut } from './variant-choice';

const variant = (values: string[], countInStock: number): ProductVariant => ({
  _id: values.join('-'),
  values,
  countInStock,
  price: null,
  sku: null,
  image: null,
});

const product = {
  options: [
    { name: 'Storlek', values: ['S', 'M'] },
    { name: 'Färg', values: ['Blå', 'Grön'] },
  ],
  variants: [variant(['S', 'Blå'], 0), variant(['S', 'Grön'], 2), variant(['M', 'Blå'], 4), variant(['M', 'Grön'], 0)],
};

describe('the choice of a variant', () => {
  it('names a variant only once every option is picked', () => {
    expect(initialChoice(product)).toEqual([null, null]);
    expect(chosenVariant(product, ['M', null])).toBeNull();
    expect(chosenVariant(product, ['M', 'Blå'])?._id).toBe('M-Blå');
  });

  it('picks an option with one value from the start', () => {
    expect(initialChoice({ options: [{ name: 'Färg', values: ['Röd'] }] })).toEqual(['Röd']);
  });

  it('tells a value sold out given the other picked values', () => {
    expect(soldOut(product, [null, null], 0, 'S')).toBe(false);
    expect(soldOut(product, [null, 'Blå'], 0, 'S')).toBe(true);
    expect(soldOut(product, ['M', null], 1, 'Grön')).toBe(true);
    expect(soldOut(product, ['M', null], 1, 'Blå')).toBe(false);
  });
});
