import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSek, lineTotalSek, oreToSek, sekToOre } from './money';

describe('money', () => {
  it('converts SEK with two decimals to öre without float drift', () => {
    expect(sekToOre(0.29)).toBe(29);
    expect(sekToOre(1.005 * 100)).toBe(10050);
    expect(sekToOre(19.99)).toBe(1999);
  });

  it('round-trips every öre amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (ore) => sekToOre(oreToSek(ore)) === ore));
  });

  it('formats prices as the cards show them', () => {
    expect(formatSek(12.5)).toBe('SEK 12.50');
    expect(formatSek(0)).toBe('SEK 0.00');
    expect(formatSek(1999)).toBe('SEK 1999.00');
  });

  it('totals a line in öre, so decimals do not drift', () => {
    expect(lineTotalSek(3, 0.1)).toBe(0.3);
    expect(lineTotalSek(2, 19.99)).toBe(39.98);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000 }), (qty, priceOre) => {
        return sekToOre(lineTotalSek(qty, oreToSek(priceOre))) === qty * priceOre;
      }),
    );
  });
});
