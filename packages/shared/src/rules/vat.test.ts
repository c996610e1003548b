import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATE, isVatRate, totalVatOre, VAT_RATES, type VatLine, vatByRate, vatIncludedOre } from './vat';

describe('moms included in a price', () => {
  it('is a fifth of a price at 25 %, and the reduced rates by hand', () => {
    expect(vatIncludedOre(12_500, 25)).toBe(2_500);
    expect(vatIncludedOre(149_500, 25)).toBe(29_900);
    // 112,00 kr at 12 %: 12,00 kr; 106,00 kr at 6 %: 6,00 kr.
    expect(vatIncludedOre(11_200, 12)).toBe(1_200);
    expect(vatIncludedOre(10_600, 6)).toBe(600);
    // 0,99 kr at 25 %: 19,8 öre, rounded to 20; 0,10 kr at 6 %: 0,566 öre, rounded to 1.
    expect(vatIncludedOre(99, 25)).toBe(20);
    expect(vatIncludedOre(10, 6)).toBe(1);
    expect(vatIncludedOre(0, 25)).toBe(0);
  });

  it('rounds a half öre away from zero, the same either side of zero', () => {
    // 14 öre at 12 %: exactly 1,5 öre of moms, rounded to 2 (and −14 öre to −2).
    expect(vatIncludedOre(14, 12)).toBe(2);
    expect(vatIncludedOre(-14, 12)).toBe(-2);
    // 53 öre at 6 %: 3 öre exactly; 2 öre at 25 %: 0,4 öre, rounded to 0.
    expect(vatIncludedOre(53, 6)).toBe(3);
    expect(vatIncludedOre(2, 25)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom(...VAT_RATES), (gross, rate) => {
        const vat = vatIncludedOre(gross, rate);
        expect(vatIncludedOre(-gross, rate)).toBe(vat === 0 ? 0 : -vat);
        // Within half an öre of the exact share: |vat·(100+r) − gross·r| ≤ (100+r)/2.
        expect(Math.abs(vat * (100 + rate) - gross * rate)).toBeLessThanOrEqual((100 + rate) / 2);
      }),
    );
  });

  it('knows the Swedish rates, 25 % the default', () => {
    expect(VAT_RATES).toEqual([25, 12, 6]);
    expect(DEFAULT_VAT_RATE).toBe(25);
    expect(isVatRate(12)).toBe(true);
    expect(isVatRate(13)).toBe(false);
    expect(isVatRate('25')).toBe(false);
  });
});

const line: fc.Arbitrary<VatLine> = fc.record({
  qty: fc.integer({ min: 1, max: 20 }),
  priceOre: fc.integer({ min: 0, max: 5_000_000 }),
  shippingPriceOre: fc.integer({ min: 0, max: 50_000 }),
  vatRate: fc.constantFrom(...VAT_RATES),
});

describe('moms of a basket per rate', () => {
  it('adds shipping to its line and rounds once per rate', () => {
    const byRate = vatByRate([
      { qty: 2, priceOre: 10_000, shippingPriceOre: 2_500, vatRate: 25 },
      { qty: 1, priceOre: 11_200, shippingPriceOre: 0, vatRate: 12 },
      { qty: 1, priceOre: 5_000, shippingPriceOre: 0, vatRate: 25 },
    ]);
    expect(byRate).toEqual([
      { rate: 25, grossOre: 30_000, vatOre: 6_000 },
      { rate: 12, grossOre: 11_200, vatOre: 1_200 },
    ]);
    expect(totalVatOre(byRate)).toBe(7_200);
    expect(vatByRate([])).toEqual([]);
  });

  it('equals the sum of each line’s moms within one öre per line, and covers the whole basket', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (lines) => {
        const byRate = vatByRate(lines);
        for (const { rate, grossOre, vatOre } of byRate) {
          const ofRate = lines.filter((l) => l.vatRate === rate);
          const perLine = ofRate.reduce(
            (sum, l) => sum + vatIncludedOre(l.qty * (l.priceOre + l.shippingPriceOre), rate),
            0,
          );
          expect(Math.abs(vatOre - perLine)).toBeLessThanOrEqual(ofRate.length);
          expect(grossOre).toBe(ofRate.reduce((sum, l) => sum + l.qty * (l.priceOre + l.shippingPriceOre), 0));
        }
        const total = lines.reduce((sum, l) => sum + l.qty * (l.priceOre + l.shippingPriceOre), 0);
        expect(byRate.reduce((sum, r) => sum + r.grossOre, 0)).toBe(total);
        expect(byRate.map((r) => r.rate)).toEqual([...byRate.map((r) => r.rate)].sort((a, b) => b - a));
      }),
    );
  });
});
