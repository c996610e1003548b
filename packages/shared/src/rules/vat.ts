/**
 * Moms (Swedish VAT) in the prices: every price on Torget includes moms, so nothing is added at
 * checkout (the spec's tax is 0) and the receipt says how much of the total is moms, per rate
 * (docs/decisions/280-moms-included-in-prices.md).
 *
 * Each product has a rate; an order line keeps the rate it was bought at. The shipping of a line
 * (qty × the product's shipping price) is taxed at the line's rate, as a cost that follows the
 * goods. Per rate, the lines' amounts are added first and the moms of that sum is rounded once,
 * to the nearest öre, a half öre away from zero: a receipt's figure is then within one öre per
 * line of the sum of each line's own moms, and a basket of one rate has the moms of its total.
 */
/** The Swedish rates in percent: the standard rate, and the two reduced ones (food 12 %, books 6 %). */
export const VAT_RATES = [25, 12, 6] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** A product's rate when its seller sets none: the standard rate. */
export const DEFAULT_VAT_RATE: VatRate = 25;

export function isVatRate(value: unknown): value is VatRate {
  return typeof value === 'number' && (VAT_RATES as readonly number[]).includes(value);
}

/**
 * The moms included in `grossOre` at `rate` percent: gross × rate / (100 + rate), rounded to the
 * nearest öre, a half away from zero (so a refund's negative amount has the negated moms).
 */
export function vatIncludedOre(grossOre: number, rate: number): number {
  if (!Number.isSafeInteger(grossOre) || !Number.isInteger(rate) || rate < 0) {
    throw new RangeError(`vatIncludedOre: integers expected, got ${grossOre} and ${rate}`);
  }
  const divisor = 100 + rate;
  const magnitude = Math.floor((2 * Math.abs(grossOre) * rate + divisor) / (2 * divisor));
  return grossOre < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/** One order line as moms sees it: its amount with shipping, and its rate. */
export interface VatLine {
  qty: number;
  priceOre: number;
  shippingPriceOre: number;
  vatRate: number;
}

/** What one rate comes to on a receipt: the amount taxed at it (moms included) and its moms. */
export interface VatByRate {
  rate: number;
  grossOre: number;
  vatOre: number;
}

/** The moms of a basket or an order per rate, highest rate first; rates without lines are left out. */
export function vatByRate(lines: readonly VatLine[]): VatByRate[] {
  const gross = new Map<number, number>();
  for (const line of lines) {
    const amount = line.qty * (line.priceOre + line.shippingPriceOre);
    gross.set(line.vatRate, (gross.get(line.vatRate) ?? 0) + amount);
  }
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, grossOre]) => ({ rate, grossOre, vatOre: vatIncludedOre(grossOre, rate) }));
}

/** All the moms of a basket or an order, in öre. */
export function totalVatOre(byRate: readonly VatByRate[]): number {
  return byRate.reduce((sum, { vatOre }) => sum + vatOre, 0);
}
