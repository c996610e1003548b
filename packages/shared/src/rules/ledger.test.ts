import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Booking,
  COMMISSION_VAT_BP,
  heldOre,
  isLedgerMonth,
  orderPaidBookings,
  percentToBp,
  reversalOf,
  shareOre,
  sumOre,
} from './ledger';

/** The same rule in exact integer arithmetic (BigInt), written independently. */
function exactShare(base: number, bp: number): number {
  const b = BigInt(Math.abs(base));
  const rounded = (b * BigInt(bp) * 2n + 10_000n) / 20_000n; // nearest, halves up by magnitude
  return Number(base < 0 ? -rounded : rounded) + 0;
}

const ore = fc.integer({ min: 0, max: 100_000_000 });
const bp = fc.integer({ min: 0, max: 10_000 });

describe('shareOre: the rounding rule', () => {
  it('rounds to the nearest öre, halves away from zero', () => {
    expect(shareOre(29_800, 1_000)).toBe(2_980);
    expect(shareOre(5, 1_000)).toBe(1); // 0.5 öre → 1
    expect(shareOre(4, 1_000)).toBe(0); // 0.4 öre → 0
    expect(shareOre(-5, 1_000)).toBe(-1);
    expect(shareOre(2_990, COMMISSION_VAT_BP)).toBe(748); // 747.5 → 748
    expect(shareOre(0, 300)).toBe(0);
  });

  it('is never more than half an öre from the exact share, and agrees with exact arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), bp, (base, rate) => {
        const share = shareOre(base, rate);
        expect(share).toBe(exactShare(base, rate));
        expect(Math.abs(share * 10_000 - base * rate)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('of a negated base is the negated share, so a reversal cancels to the öre', () => {
    fc.assert(fc.property(ore, bp, (base, rate) => shareOre(-base, rate) === -shareOre(base, rate)));
  });

  it('refuses what is not integer öre and basis points', () => {
    expect(() => shareOre(1.5, 1000)).toThrow(RangeError);
    expect(() => shareOre(100, 12.5)).toThrow(RangeError);
  });
});

describe('an order marked paid', () => {
  it('books a PayPal sale: the total in, commission and its moms out', () => {
    expect(orderPaidBookings('PayPal', 29_800, 1_000)).toEqual([
      { kind: 'sale_collected', amountOre: 29_800, rateBp: null, baseOre: null },
      { kind: 'commission', amountOre: -2_980, rateBp: 1_000, baseOre: 29_800 },
      { kind: 'commission_vat', amountOre: -745, rateBp: 2_500, baseOre: 2_980 },
    ]);
  });

  it('books a Swish sale: commission and its moms only', () => {
    expect(orderPaidBookings('Swish', 10_050, 500).map((b) => [b.kind, b.amountOre])).toEqual([
      ['commission', -503],
      ['commission_vat', -126],
    ]);
  });

  it('splits a PayPal total between seller and marketplace with no öre lost or made', () => {
    fc.assert(
      fc.property(ore, bp, (total, rate) => {
        const [sale, commission, vat] = orderPaidBookings('PayPal', total, rate);
        const sellerNet = sumOre(orderPaidBookings('PayPal', total, rate));
        const marketplace = -((commission?.amountOre ?? 0) + (vat?.amountOre ?? 0));
        expect(sale?.amountOre).toBe(total);
        expect(sellerNet + marketplace).toBe(total);
      }),
    );
  });
});

/** One event of the marketplace, as the property below draws them. */
type Event =
  | { type: 'paid'; seller: number; method: 'PayPal' | 'Swish'; total: number; rate: number }
  | { type: 'unpaid'; pick: number }
  | { type: 'fee'; seller: number; fee: number }
  | { type: 'correction'; seller: number; amount: number }
  | { type: 'payout'; seller: number; part: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    type: fc.constant('paid' as const),
    seller: fc.integer({ min: 0, max: 3 }),
    method: fc.constantFrom('PayPal' as const, 'Swish' as const),
    total: ore,
    rate: bp,
  }),
  fc.record({ type: fc.constant('unpaid' as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant('fee' as const),
    seller: fc.integer({ min: 0, max: 3 }),
    fee: fc.constantFrom(0, 29_900, 49_900),
  }),
  fc.record({
    type: fc.constant('correction' as const),
    seller: fc.integer({ min: 0, max: 3 }),
    amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  }),
  fc.record({ type: fc.constant('payout' as const), seller: fc.integer({ min: 0, max: 3 }), part: fc.nat(100) }),
);

describe('any sequence of events', () => {
  it('leaves balances that are the sum of the entries, and the money accounted for to the öre', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const entries: (Booking & { seller: number })[] = [];
        // The orders currently paid, with what their booking was; and the outside view of money.
        const paid: { seller: number; bookings: Booking[]; method: 'PayPal' | 'Swish'; total: number }[] = [];
        let paypalHeld = 0; // PayPal money the marketplace took in, net of orders unmarked
        let earned = 0; // commission, moms and fees the marketplace earned
        let corrected = 0;
        let paidOut = 0;
        const book = (seller: number, bookings: Booking[]) => {
          for (const b of bookings) entries.push({ ...b, seller });
        };
        const balance = (seller: number) => sumOre(entries.filter((e) => e.seller === seller));
        for (const e of events) {
          if (e.type === 'paid') {
            const bookings = orderPaidBookings(e.method, e.total, e.rate);
            book(e.seller, bookings);
            paid.push({ seller: e.seller, bookings, method: e.method, total: e.total });
            if (e.method === 'PayPal') paypalHeld += e.total;
            earned -= sumOre(bookings.filter((b) => b.kind !== 'sale_collected'));
          } else if (e.type === 'unpaid') {
            if (paid.length === 0) continue;
            const [order] = paid.splice(e.pick % paid.length, 1);
            if (!order) continue;
            book(order.seller, reversalOf(order.bookings));
            if (order.method === 'PayPal') paypalHeld -= order.total;
            earned += sumOre(order.bookings.filter((b) => b.kind !== 'sale_collected'));
          } else if (e.type === 'fee') {
            book(e.seller, [{ kind: 'plan_fee', amountOre: -e.fee, rateBp: null, baseOre: null }]);
            earned += e.fee;
          } else if (e.type === 'correction') {
            book(e.seller, [{ kind: 'correction', amountOre: e.amount, rateBp: null, baseOre: null }]);
            corrected += e.amount;
          } else {
            const owed = balance(e.seller);
            if (owed <= 0) continue;
            const amount = Math.floor((owed * e.part) / 100);
            book(e.seller, [{ kind: 'payout', amountOre: -amount, rateBp: null, baseOre: null }]);
            paidOut += amount;
          }
        }
        const balances = [0, 1, 2, 3].map(balance);
        const total = balances.reduce((a, b) => a + b, 0);
        // Every entry is an integer öre, and the balances shown are the sum of the entries.
        expect(entries.every((entry) => Number.isSafeInteger(entry.amountOre))).toBe(true);
        expect(total).toBe(sumOre(entries));
        // What the sellers are owed is what the marketplace took in, less what it earned and paid
        // out, plus the corrections: no öre made or lost.
        expect(total).toBe(paypalHeld - earned - paidOut + corrected);
        // An order unmarked leaves nothing behind: only the orders still paid count.
        const stillPaid = paid.reduce((sum, order) => sum + sumOre(order.bookings), 0);
        const others = entries
          .filter((entry) => !['sale_collected', 'commission', 'commission_vat'].includes(entry.kind))
          .reduce((sum, entry) => sum + entry.amountOre, 0);
        expect(total).toBe(stillPaid + others);
      }),
      { numRuns: 300 },
    );
  });
});

describe('held money', () => {
  const now = new Date('2026-06-20T12:00:00Z');
  it('holds an order until 14 days after delivery, and never a debit', () => {
    expect(
      heldOre(
        [
          { netOre: 10_000, deliveredAt: null },
          { netOre: 5_000, deliveredAt: new Date('2026-06-10T12:00:00Z') }, // 10 days ago: held
          { netOre: 7_000, deliveredAt: new Date('2026-06-06T12:00:00Z') }, // 14 days ago: free
          { netOre: -300, deliveredAt: null }, // a Swish commission
        ],
        now,
      ),
    ).toBe(15_000);
  });
});

describe('small readers', () => {
  it('reads percents and months', () => {
    expect(percentToBp(12.5)).toBe(1_250);
    expect(percentToBp(0.07)).toBe(7);
    expect(isLedgerMonth('2026-11')).toBe(true);
    expect(isLedgerMonth('2026-13')).toBe(false);
    expect(isLedgerMonth('2026-1')).toBe(false);
  });
});
