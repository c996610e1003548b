/**
 * Refunds of a paid order: how much may still be refunded, and what each refund books in the
 * ledger (docs/decisions/231-refunds.md, rounding as docs/decisions/211-ledger-rounding.md).
 *
 * A refund reverses the order's booked sale in proportion to the money given back: after refunds
 * of R öre in all of an order's total T, each booked amount B (the sale collected, the commission,
 * its moms) stands reversed by round(B × R / T), to the nearest öre, a half away from zero. Each
 * refund books the step from what was reversed before it to what stands reversed after it, so the
 * roundings never add up: a full refund (R = T) reverses exactly what was booked, and the seller's
 * entries plus the marketplace's earnings always equal the money the marketplace still holds.
 */
import { type Booking, negate } from './ledger';
import { formatSekAmount, oreToSek } from './money';

/** Longest note on a refund. */
export const REFUND_NOTE_MAX = 500;
/** Most lines one refund names (an order has few lines; this only bounds the input). */
export const REFUND_LINES_MAX = 100;

/** What an order's sale stands booked at, per kind, signed as booked (sale +, commission and moms −). */
export interface BookedSale {
  saleCollectedOre: number;
  commissionOre: number;
  commissionVatOre: number;
}

/**
 * round(booked × refunded / total), half away from zero, in exact integer arithmetic (the product
 * of two amounts in öre can pass 2^53). 0 when the total is 0.
 */
export function proportionOre(bookedOre: number, refundedOre: number, totalOre: number): number {
  if (![bookedOre, refundedOre, totalOre].every(Number.isSafeInteger) || refundedOre < 0 || totalOre < 0) {
    throw new RangeError(`proportionOre: integers expected, got ${bookedOre}, ${refundedOre}, ${totalOre}`);
  }
  if (totalOre === 0) return 0;
  const magnitude =
    (BigInt(Math.abs(bookedOre)) * BigInt(refundedOre) * 2n + BigInt(totalOre)) / (2n * BigInt(totalOre));
  return bookedOre < 0 ? negate(Number(magnitude)) : Number(magnitude);
}

/** What is left to refund on an order of `totalOre` after refunds of `refundedOre`. */
export function refundableOre(totalOre: number, refundedOre: number): number {
  return Math.max(0, totalOre - refundedOre);
}

/** Why a refund of `amountOre` cannot be made (null when it can): it is more than is left. */
export function refundCapRefusal(totalOre: number, refundedOre: number, amountOre: number): string | null {
  const left = refundableOre(totalOre, refundedOre);
  if (amountOre <= left) return null;
  return left === 0
    ? 'This order has been refunded in full already.'
    : `A refund can be at most SEK ${formatSekAmount(oreToSek(left))}, what is left of the payment on this order.`;
}

/**
 * The entries one refund books: the step of each booked amount's reversal from refunds of
 * `refundedBeforeOre` to refunds of `refundedBeforeOre + amountOre`. The sale collected (a PayPal
 * order's money, which the marketplace now gives back) is reversed as kind 'refund'; commission
 * and moms keep their kinds, so the marketplace's earnings are net of refunds. Entries of 0 öre
 * are left out.
 */
export function refundBookings(
  booked: BookedSale & { commissionBp: number | null; commissionVatBp: number | null },
  totalOre: number,
  refundedBeforeOre: number,
  amountOre: number,
): Booking[] {
  const after = refundedBeforeOre + amountOre;
  const step = (bookedOre: number) =>
    negate(proportionOre(bookedOre, after, totalOre) - proportionOre(bookedOre, refundedBeforeOre, totalOre));
  const refund = step(booked.saleCollectedOre);
  const commission = step(booked.commissionOre);
  const vat = step(booked.commissionVatOre);
  const entries: Booking[] = [
    { kind: 'refund', amountOre: refund, rateBp: null, baseOre: negate(amountOre) },
    { kind: 'commission', amountOre: commission, rateBp: booked.commissionBp, baseOre: negate(amountOre) },
    { kind: 'commission_vat', amountOre: vat, rateBp: booked.commissionVatBp, baseOre: commission },
  ];
  return entries.filter((entry) => entry.amountOre !== 0);
}

/** 'refunded' when the whole total is refunded, 'partly_refunded' when some, else null. */
export function refundState(totalOre: number, refundedOre: number): 'refunded' | 'partly_refunded' | null {
  if (refundedOre <= 0) return null;
  return refundedOre >= totalOre ? 'refunded' : 'partly_refunded';
}
