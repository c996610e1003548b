import { describe, expect, it } from 'vitest';
import {
  combinations,
  compareSizes,
  lineName,
  MAX_VARIANTS,
  optionKind,
  VARIANT_MESSAGES,
  variantName,
  variantProblem,
} from './variants';

const size = { name: 'Storlek', values: ['S', 'M', 'L'] };
const colour = { name: 'Färg', values: ['Blå', 'Grön'] };

describe('combinations', () => {
  it('makes one row per pair of values, the first option varying slowest', () => {
    expect(combinations([size, colour])).toEqual([
      ['S', 'Blå'],
      ['S', 'Grön'],
      ['M', 'Blå'],
      ['M', 'Grön'],
      ['L', 'Blå'],
      ['L', 'Grön'],
    ]);
  });

  it('makes one row per value of a single option, and none without options', () => {
    expect(combinations([size])).toEqual([['S'], ['M'], ['L']]);
    expect(combinations([])).toEqual([]);
  });
});

describe('names', () => {
  it('names a variant by its values and a line by product and variant', () => {
    expect(variantName(['M', 'Blå'])).toBe('M, Blå');
    expect(lineName('Linneklänning Midsommar', variantName(['M', 'Blå']))).toBe('Linneklänning Midsommar – M, Blå');
    expect(lineName('Linneklänning Midsommar', null)).toBe('Linneklänning Midsommar');
  });
});

describe('variantProblem', () => {
  const six = combinations([size, colour]).map((values) => ({ values }));

  it('takes a product without options and without variants, and six variants of two options', () => {
    expect(variantProblem([], [])).toBeNull();
    expect(variantProblem([size, colour], six)).toBeNull();
  });

  it('refuses a third option and more than the variant limit', () => {
    expect(variantProblem([size, colour, { name: 'Material', values: ['Lin'] }], six)).toBe(
      VARIANT_MESSAGES.tooManyOptions,
    );
    const many = Array.from({ length: MAX_VARIANTS + 1 }, (_, i) => ({ values: [String(i)] }));
    const option = { name: 'Storlek', values: many.map((v) => v.values[0] as string) };
    expect(variantProblem([option], many)).toBe(VARIANT_MESSAGES.tooManyVariants);
    expect(variantProblem([option], many.slice(0, MAX_VARIANTS))).toBeNull();
  });

  it('refuses options without a name, twice named, or without or with twice the same value', () => {
    expect(variantProblem([{ name: ' ', values: ['S'] }], [{ values: ['S'] }])).toBe(VARIANT_MESSAGES.optionName);
    expect(variantProblem([size, { name: 'storlek', values: ['X'] }], [{ values: ['S', 'X'] }])).toBe(
      VARIANT_MESSAGES.optionNameTwice,
    );
    expect(variantProblem([{ name: 'Storlek', values: [] }], [])).toBe(VARIANT_MESSAGES.optionValues);
    expect(variantProblem([{ name: 'Storlek', values: ['M', 'm '] }], [{ values: ['M'] }])).toBe(
      VARIANT_MESSAGES.optionValueTwice,
    );
  });

  it('refuses variants that do not fit the options', () => {
    expect(variantProblem([], [{ values: ['S'] }])).toBe(VARIANT_MESSAGES.variantsNeedOptions);
    expect(variantProblem([size], [])).toBe(VARIANT_MESSAGES.optionsNeedVariants);
    expect(variantProblem([size, colour], [{ values: ['S'] }])).toBe(VARIANT_MESSAGES.valueCount);
    expect(variantProblem([size], [{ values: ['XL'] }])).toBe(VARIANT_MESSAGES.unknownValue);
    expect(variantProblem([size], [{ values: ['S'] }, { values: ['s'] }])).toBe(VARIANT_MESSAGES.variantTwice);
  });

  it('refuses one SKU on two variants, and an image outside the gallery', () => {
    expect(
      variantProblem(
        [size],
        [
          { values: ['S'], sku: 'KL-1' },
          { values: ['M'], sku: 'kl-1' },
        ],
      ),
    ).toBe(VARIANT_MESSAGES.skuTwice);
    expect(variantProblem([size], [{ values: ['S'], image: '/uploads/b.jpg' }], ['/uploads/a.jpg'])).toBe(
      VARIANT_MESSAGES.imageNotInGallery,
    );
    expect(variantProblem([size], [{ values: ['S'], image: '/uploads/a.jpg' }], ['/uploads/a.jpg'])).toBeNull();
  });
});

describe('optionKind and compareSizes', () => {
  it('reads sizes and colours by the option name, in Swedish or English', () => {
    expect(optionKind('Storlek')).toBe('size');
    expect(optionKind('Size')).toBe('size');
    expect(optionKind('Färg')).toBe('colour');
    expect(optionKind('Colour')).toBe('colour');
    expect(optionKind('Material')).toBeNull();
  });

  it('orders clothing sizes as worn and numbers by value', () => {
    expect(['XL', 'M', 'XS', 'L', 'S'].sort(compareSizes)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(['42', '38', '40'].sort(compareSizes)).toEqual(['38', '40', '42']);
  });
});
