import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMISSION_VAT_BP, orderPaidBookings, sumOre } from './ledger';
import { type BookedSale, proportionOre, refundBookings, refundCapRefusal, refundState } from './refunds';

/** What an order paid by `method` books (ledger.ts), as the refund reads it back from the ledger. */
function bookedSale(method: 'PayPal' | 'Swish', totalOre: number, commissionBp: number) {
  const bookings = orderPaidBookings(method, totalOre, commissionBp);
  const of = (kind: string) => bookings.find((b) => b.kind === kind)?.amountOre ?? 0;
  const booked: BookedSale = {
    saleCollectedOre: of('sale_collected'),
    commissionOre: of('commission'),
    commissionVatOre: of('commission_vat'),
  };
  return { bookings, booked: { ...booked, commissionBp, commissionVatBp: COMMISSION_VAT_BP } };
}

/** Splits `total` into refunds: random cut points, each piece at least 1 öre. */
const refundSequence = fc
  .record({
    total: fc.integer({ min: 1, max: 50_000_000 }),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
    full: fc.boolean(),
  })
  .map(({ total, cuts, full }) => {
    const points = [...new Set(cuts.map((c) => Math.floor(c * total)))].filter((p) => p > 0 && p < total);
    points.sort((a, b) => a - b);
    const end = full ? total : (points.pop() ?? total);
    const amounts: number[] = [];
    let previous = 0;
    for (const point of [...points, end]) {
      if (point > previous) amounts.push(point - previous);
      previous = point;
    }
    return { total, amounts };
  });

const method = fc.constantFrom('PayPal' as const, 'Swish' as const);
const rate = fc.integer({ min: 0, max: 10_000 });

/** Every entry of one order's sale and its refunds, and how much was refunded. */
function run(payment: 'PayPal' | 'Swish', total: number, amounts: number[], commissionBp: number) {
  const { bookings, booked } = bookedSale(payment, total, commissionBp);
  const refunds = [];
  let before = 0;
  for (const amount of amounts) {
    refunds.push(...refundBookings(booked, total, before, amount));
    before += amount;
  }
  return { bookings, booked, refunds, refunded: before };
}

const sumOf = (entries: { kind: string; amountOre: number }[], kinds: string[]) =>
  sumOre(entries.filter((e) => kinds.includes(e.kind)));

describe('proportionOre', () => {
  it('rounds to the nearest öre, halves away from zero', () => {
    expect(proportionOre(2_980, 1, 2)).toBe(1_490);
    expect(proportionOre(3, 1, 2)).toBe(2); // 1.5 → 2
    expect(proportionOre(-3, 1, 2)).toBe(-2);
    expect(proportionOre(1, 1, 3)).toBe(0); // 0.33 → 0
    expect(proportionOre(2, 1, 3)).toBe(1); // 0.67 → 1
    expect(proportionOre(5, 0, 10)).toBe(0);
    expect(proportionOre(5, 0, 0)).toBe(0);
  });

  it('agrees with exact arithmetic to within half an öre, even past 2^53', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 100_000_000_000 }),
        (booked, total, refundedRaw) => {
          const refunded = refundedRaw % (total + 1);
          const share = proportionOre(booked, refunded, total);
          const twiceError = BigInt(share) * 2n * BigInt(total) - BigInt(booked) * 2n * BigInt(refunded);
          expect(twiceError <= BigInt(total) && twiceError >= -BigInt(total)).toBe(true);
          expect(proportionOre(-booked, refunded, total)).toBe(0 - share);
        },
      ),
    );
  });
});

describe('refundBookings: a refund reverses the sale in proportion', () => {
  it('books the worked example: SEK 100 refunded of a SEK 298 PayPal order at 10 %', () => {
    const { booked } = bookedSale('PayPal', 29_800, 1_000); // +29 800, −2 980, −745
    expect(refundBookings(booked, 29_800, 0, 10_000)).toEqual([
      { kind: 'refund', amountOre: -10_000, rateBp: null, baseOre: -10_000 },
      { kind: 'commission', amountOre: 1_000, rateBp: 1_000, baseOre: -10_000 }, // 2 980 × 100/298
      { kind: 'commission_vat', amountOre: 250, rateBp: COMMISSION_VAT_BP, baseOre: 1_000 }, // 745 × 100/298 = 250.0
    ]);
    // Swish: the seller gave the money back themselves; only commission and moms come back to them.
    const swish = bookedSale('Swish', 29_800, 1_000).booked;
    expect(refundBookings(swish, 29_800, 0, 10_000).map((b) => b.kind)).toEqual(['commission', 'commission_vat']);
  });

  it('no öre made or lost: seller + marketplace always hold exactly what was paid less what was refunded', () => {
    fc.assert(
      fc.property(method, rate, refundSequence, (payment, commissionBp, { total, amounts }) => {
        const { bookings, refunds, refunded } = run(payment, total, amounts, commissionBp);
        const all = [...bookings, ...refunds];
        const sellerNet = sumOre(all);
        const earned = 0 - sumOf(all, ['commission', 'commission_vat']);
        // What the marketplace still holds of the buyer's money: PayPal the rest, Swish none.
        const held = payment === 'PayPal' ? total - refunded : 0;
        expect(sellerNet + earned).toBe(held);
        // The PayPal sale is reversed by exactly the money given back.
        expect(0 - sumOf(refunds, ['refund'])).toBe(payment === 'PayPal' ? refunded : 0);
        // Never more reversed than was booked, each kind moving only back towards 0.
        for (const kind of ['commission', 'commission_vat'] as const) {
          const bookedAmount = sumOf(bookings, [kind]);
          const reversed = sumOf(refunds, [kind]);
          expect(Math.sign(reversed) * Math.sign(bookedAmount)).toBeLessThanOrEqual(0);
          expect(Math.abs(reversed)).toBeLessThanOrEqual(Math.abs(bookedAmount));
          expect(refunds.filter((r) => r.kind === kind).every((r) => r.amountOre >= 0)).toBe(true);
        }
      }),
    );
  });

  it('a full refund, in any number of parts, reverses exactly what was booked', () => {
    fc.assert(
      fc.property(method, rate, refundSequence, (payment, commissionBp, { total, amounts }) => {
        const { bookings, refunds, refunded } = run(payment, total, amounts, commissionBp);
        fc.pre(refunded === total);
        expect(sumOre([...bookings, ...refunds])).toBe(0);
        for (const kind of ['commission', 'commission_vat']) {
          expect(sumOf(refunds, [kind])).toBe(0 - sumOf(bookings, [kind]));
        }
      }),
    );
  });

  it('how a sum is split into refunds does not change what stands reversed', () => {
    fc.assert(
      fc.property(method, rate, refundSequence, (payment, commissionBp, { total, amounts }) => {
        const { refunds, refunded } = run(payment, total, amounts, commissionBp);
        const once = run(payment, total, refunded > 0 ? [refunded] : [], commissionBp).refunds;
        for (const kind of ['refund', 'commission', 'commission_vat']) {
          expect(sumOf(refunds, [kind])).toBe(sumOf(once, [kind]));
        }
      }),
    );
  });
});

describe('the cap', () => {
  it('allows up to what is left, and says how much that is', () => {
    expect(refundCapRefusal(29_800, 0, 29_800)).toBeNull();
    expect(refundCapRefusal(29_800, 10_000, 19_800)).toBeNull();
    expect(refundCapRefusal(29_800, 10_000, 19_801)).toBe(
      'A refund can be at most SEK 198.00, what is left of the payment on this order.',
    );
    expect(refundCapRefusal(29_800, 29_800, 1)).toBe('This order has been refunded in full already.');
  });

  it('names the state', () => {
    expect(refundState(29_800, 0)).toBeNull();
    expect(refundState(29_800, 1)).toBe('partly_refunded');
    expect(refundState(29_800, 29_800)).toBe('refunded');
  });
});
