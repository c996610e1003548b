/**
 * Money rules. Internally every amount is an integer number of öre (1 SEK = 100 öre);
 * the API speaks SEK numbers with at most two decimals, as the specification shows.
 */

/** Öre in one krona. */
export const ORE_PER_SEK = 100;

/** Converts a SEK amount (at most two decimals) to integer öre. */
export function sekToOre(sek: number): number {
  // Round, because binary floating point cannot hold most decimals exactly (0.29 * 100 = 28.999…).
  return Math.round(sek * ORE_PER_SEK);
}

/** Converts integer öre to a SEK number for the API. */
export function oreToSek(ore: number): number {
  return ore / ORE_PER_SEK;
}

/** '12.50': a SEK amount with exactly two decimals, as every screen shows prices. */
export function formatSekAmount(sek: number): string {
  return sek.toFixed(2);
}

/** 'SEK 12.50': the price text of product cards and the product page. */
export function formatSek(sek: number): string {
  return `SEK ${formatSekAmount(sek)}`;
}

const swedishKronor = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });

/** '249,00 kr': the Swedish price text (Svenska UI and Swedish mails). */
export function formatSekSwedish(sek: number): string {
  return swedishKronor.format(sek);
}

/**
 * A line's total in SEK: quantity × unit price, counted in öre so that 3 × 0.10 is 0.30 and not
 * 0.30000000000000004. Order screens and order mails show it.
 */
export function lineTotalSek(qty: number, priceSek: number): number {
  return oreToSek(qty * sekToOre(priceSek));
}
