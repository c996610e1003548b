/**
 * The marketplace's ledger: what each event books for a seller, in integer öre, and how a share
 * (commission, moms on it) is rounded (docs/decisions/211-ledger-rounding.md). Every amount is
 * signed from the seller's side: positive is what the marketplace owes the seller. A seller's
 * balance is the sum of their entries; nothing else is kept.
 *
 * The database books the order entries in one statement with the same rule
 * (`torget_share_ore` in apps/api/src/db/sql/90-ledger.sql); a test holds the two equal.
 */
import { isOneOf } from './one-of';
import type { PlanCode } from './plans';

export const LEDGER_KINDS = [
  'sale_collected',
  'commission',
  'commission_vat',
  'plan_fee',
  'refund',
  'payout',
  'seller_payment',
  'correction',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export function isLedgerKind(value: unknown): value is LedgerKind {
  return isOneOf(LEDGER_KINDS, value);
}

/** Basis points in 100 %: rates are kept as whole basis points (10 % = 1000). */
export const BASIS_POINTS = 10_000;
/** Moms on the commission: 25 %. */
export const COMMISSION_VAT_BP = 2_500;
/** The buyer's withdrawal period: an order's money is held until this many days after delivery. */
export const WITHDRAWAL_DAYS = 14;
/** Most a commission rate may be: 100 %. */
export const MAX_COMMISSION_BP = BASIS_POINTS;
/** Most a yearly plan fee may be, in öre (100 000 kr). */
export const MAX_YEARLY_FEE_ORE = 10_000_000;
/** Most one admin correction may move, either way, in öre (1 000 000 kr). */
export const MAX_CORRECTION_ORE = 100_000_000;
/** Longest note of a correction. */
export const CORRECTION_NOTE_MAX = 500;

/** One plan's fees: the commission rate and the yearly fee. */
export interface PlanFees {
  commissionBp: number;
  yearlyFeeOre: number;
}

/** The defaults (the spec's plan prices; commission 10 / 5 / 3 %), until an admin sets others. */
export const DEFAULT_PLAN_FEES: Record<PlanCode, PlanFees> = {
  '1': { commissionBp: 1_000, yearlyFeeOre: 0 },
  '2': { commissionBp: 500, yearlyFeeOre: 29_900 },
  '3': { commissionBp: 300, yearlyFeeOre: 49_900 },
};

/**
 * `rateBp` basis points of `baseOre`, rounded to the nearest öre, a half öre away from zero.
 * Rounding by magnitude makes the share of a negated base the negated share, so a reversal
 * cancels its booking to the öre.
 */
export function shareOre(baseOre: number, rateBp: number): number {
  if (!Number.isSafeInteger(baseOre) || !Number.isInteger(rateBp) || rateBp < 0) {
    throw new RangeError(`shareOre: integers expected, got ${baseOre} and ${rateBp}`);
  }
  const magnitude = Math.floor((Math.abs(baseOre) * rateBp + BASIS_POINTS / 2) / BASIS_POINTS);
  return baseOre < 0 ? negate(magnitude) : magnitude;
}

/** `-amount` without a negative zero (0 - 0 is 0), so a booked 0 compares and prints as 0. */
export function negate(amount: number): number {
  return 0 - amount;
}

/** One entry an event books: its kind, signed amount, the rate it used and what that rate was of. */
export interface Booking {
  kind: LedgerKind;
  amountOre: number;
  rateBp: number | null;
  baseOre: number | null;
}

/**
 * What an order marked paid books for its seller. A PayPal order's money came to the marketplace:
 * its total is credited, then commission and moms debited. A Swish order was paid to the seller:
 * only commission and moms are debited. Commission is on the order's total (what the buyer
 * paid, shipping included); moms is on the rounded commission, as an invoice of it would be.
 */
export function orderPaidBookings(method: 'PayPal' | 'Swish', totalOre: number, commissionBp: number): Booking[] {
  const commission = shareOre(totalOre, commissionBp);
  const vat = shareOre(commission, COMMISSION_VAT_BP);
  const fees: Booking[] = [
    { kind: 'commission', amountOre: negate(commission), rateBp: commissionBp, baseOre: totalOre },
    { kind: 'commission_vat', amountOre: negate(vat), rateBp: COMMISSION_VAT_BP, baseOre: commission },
  ];
  return method === 'PayPal'
    ? [{ kind: 'sale_collected', amountOre: totalOre, rateBp: null, baseOre: null }, ...fees]
    : fees;
}

/** The entries that undo `bookings` exactly: each amount negated, its rate kept. */
export function reversalOf(bookings: readonly Booking[]): Booking[] {
  return bookings.map((b) => ({
    kind: b.kind,
    amountOre: negate(b.amountOre),
    rateBp: b.rateBp,
    baseOre: b.baseOre === null ? null : negate(b.baseOre),
  }));
}

/** The sum of entries in öre: a seller's balance, or a month's movement. */
export function sumOre(entries: readonly { amountOre: number }[]): number {
  let total = 0;
  for (const entry of entries) total += entry.amountOre;
  return total;
}

/** When an order's money stops being held: `WITHDRAWAL_DAYS` after delivery; null while undelivered. */
export function releasedAt(deliveredAt: Date | null): Date | null {
  return deliveredAt === null ? null : new Date(deliveredAt.getTime() + WITHDRAWAL_DAYS * 86_400_000);
}

/**
 * The money held back at `now`: for each order not delivered, or delivered less than the
 * withdrawal period ago, what its entries credit the seller (an order whose entries are a debit,
 * a Swish commission, holds nothing back).
 */
export function heldOre(orders: readonly { netOre: number; deliveredAt: Date | null }[], now: Date): number {
  let held = 0;
  for (const order of orders) {
    const release = releasedAt(order.deliveredAt);
    if ((release === null || release > now) && order.netOre > 0) held += order.netOre;
  }
  return held;
}

/** A commission percent with at most two decimals (12.5) as basis points (1250). */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points as a percent number for the API (1250 → 12.5). */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** Whether `month` is 'YYYY-MM' with a month 01–12. */
export function isLedgerMonth(month: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
}
