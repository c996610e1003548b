import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productUpdateSchema } from '../schemas/catalog';
import { stockholmLocalOf, stockholmLocalToDate } from './dates';
import {
  payablePrice,
  priceInForce,
  SALE_ENDS_BEFORE_START,
  SALE_INCOMPLETE,
  SALE_NOT_BELOW_PRICE,
  saleInForce,
  saleProblem,
} from './sale-prices';

const at = (iso: string) => new Date(iso);

describe('the price in force', () => {
  const terms = {
    priceOre: 10_000,
    salePriceOre: 7_000,
    saleStartsAt: at('2026-12-01T08:00:00Z'),
    saleEndsAt: at('2026-12-08T08:00:00Z'),
  };

  it('is the sale price from the start until the end, the ordinary price before and after', () => {
    expect(priceInForce(terms, at('2026-12-01T07:59:59.999Z'))).toBe(10_000);
    expect(priceInForce(terms, at('2026-12-01T08:00:00Z'))).toBe(7_000);
    expect(priceInForce(terms, at('2026-12-08T07:59:59.999Z'))).toBe(7_000);
    expect(priceInForce(terms, at('2026-12-08T08:00:00Z'))).toBe(10_000);
  });

  it('is never above the ordinary price, and is the sale price only while the sale is in force', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.option(fc.nat(1_000_000), { nil: null }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: -1e10, max: 1e12 + 1e10 }),
        (priceOre, salePriceOre, start, length, when) => {
          const sale = {
            priceOre,
            salePriceOre,
            saleStartsAt: salePriceOre === null ? null : new Date(start),
            saleEndsAt: salePriceOre === null ? null : new Date(start + length),
          };
          const moment = new Date(when);
          const paid = priceInForce(sale, moment);
          expect(paid).toBeLessThanOrEqual(priceOre);
          expect(paid === priceOre || saleInForce(sale, moment)).toBe(true);
          if (saleInForce(sale, moment)) expect(paid).toBe(salePriceOre);
        },
      ),
    );
  });

  it('is what the JSON says a buyer pays', () => {
    expect(payablePrice({ price: 100, salePrice: 70, onSale: true })).toBe(70);
    expect(payablePrice({ price: 100, salePrice: 70, onSale: false })).toBe(100);
    expect(payablePrice({ price: 100, salePrice: null, onSale: false })).toBe(100);
  });
});

describe('a sale as a seller sets it', () => {
  const base = { priceOre: 10_000, salePriceOre: 7_000, saleStartsAt: at('2026-12-01T08:00:00Z') };
  it('names what is wrong', () => {
    expect(saleProblem({ ...base, saleEndsAt: at('2026-12-02T08:00:00Z') })).toBeNull();
    expect(saleProblem({ priceOre: 1, salePriceOre: null, saleStartsAt: null, saleEndsAt: null })).toBeNull();
    expect(saleProblem({ ...base, saleEndsAt: null })).toBe(SALE_INCOMPLETE);
    expect(saleProblem({ ...base, salePriceOre: 10_000, saleEndsAt: at('2026-12-02T08:00:00Z') })).toBe(
      SALE_NOT_BELOW_PRICE,
    );
    expect(saleProblem({ ...base, saleEndsAt: base.saleStartsAt })).toBe(SALE_ENDS_BEFORE_START);
  });

  it('reads the form: a Swedish comma, Stockholm times, empty fields for no sale', () => {
    const form = {
      name: 'Skål',
      price: '100',
      countInStock: '1',
      salePrice: '69,50',
      saleStartsAt: '2026-12-01T09:00',
      saleEndsAt: '2026-07-01T09:00',
    };
    const refused = productUpdateSchema.safeParse(form);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['saleEndsAt'], message: SALE_ENDS_BEFORE_START });
    const parsed = productUpdateSchema.parse({ ...form, saleEndsAt: '2027-01-01T09:00' });
    expect(parsed.salePrice).toBe(69.5);
    // 09:00 in Stockholm in winter is 08:00 UTC.
    expect(parsed.saleStartsAt?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    const none = productUpdateSchema.parse({ ...form, salePrice: '', saleStartsAt: '', saleEndsAt: '' });
    expect([none.salePrice, none.saleStartsAt, none.saleEndsAt]).toEqual([null, null, null]);
    // The spec's payload says nothing of a sale.
    const spec = productUpdateSchema.parse({ name: 'Skål', price: 100, countInStock: 1 });
    expect(spec.salePrice).toBeUndefined();
  });
});

describe('Stockholm wall clocks', () => {
  it('reads summer and winter times', () => {
    expect(stockholmLocalToDate('2026-07-01T12:00')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(stockholmLocalToDate('2026-01-01T12:00')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(stockholmLocalToDate('2026-02-30T12:00')).toBeNull();
    expect(stockholmLocalToDate('i morgon')).toBeNull();
  });

  it('gives back the wall clock it was read from, for any minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * 24 * 365 * 5 }), (minutes) => {
        const instant = new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
        const local = stockholmLocalOf(instant.toISOString());
        const back = stockholmLocalToDate(local);
        // The hour repeated in autumn reads as one of its two instants; each gives the same clock.
        expect(back && stockholmLocalOf(back.toISOString())).toBe(local);
      }),
    );
  });
});
