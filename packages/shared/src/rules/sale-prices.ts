/**
 * Sale prices (docs/decisions/292-sale-prices-and-price-history.md). A product may have a sale
 * price in force from a start until an end; `price` stays the ordinary price. The rule of which
 * price is in force is the database's torget_price_in_force (db/sql/45-price-history.sql), the
 * one an order charges; this is the same rule for forms and tests.
 */

/** A product's prices in öre and its sale's times; the sale's three are set together or none. */
export interface SaleTerms {
  priceOre: number;
  salePriceOre: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

/** Whether the sale is in force at `at`: from its start, before its end, below the ordinary price. */
export function saleInForce(terms: SaleTerms, at: Date): boolean {
  const { priceOre, salePriceOre, saleStartsAt, saleEndsAt } = terms;
  if (salePriceOre === null || saleStartsAt === null || saleEndsAt === null) return false;
  return salePriceOre < priceOre && saleStartsAt.getTime() <= at.getTime() && at.getTime() < saleEndsAt.getTime();
}

/** The price a buyer pays at `at`: the sale price while the sale is in force, else the ordinary price. */
export function priceInForce(terms: SaleTerms, at: Date): number {
  return saleInForce(terms, at) ? (terms.salePriceOre as number) : terms.priceOre;
}

export const SALE_INCOMPLETE = 'Set the sale price, its start and its end, or none of them.';
export const SALE_NOT_BELOW_PRICE = 'The sale price must be below the price.';
export const SALE_ENDS_BEFORE_START = 'The sale must end after it starts.';

/** What is wrong with a sale as a seller sets it, or null when nothing is (or no sale is set). */
export function saleProblem(terms: SaleTerms): string | null {
  const { priceOre, salePriceOre, saleStartsAt, saleEndsAt } = terms;
  const set = [salePriceOre, saleStartsAt, saleEndsAt].filter((value) => value !== null).length;
  if (set === 0) return null;
  if (set < 3) return SALE_INCOMPLETE;
  if ((salePriceOre as number) >= priceOre) return SALE_NOT_BELOW_PRICE;
  if ((saleEndsAt as Date).getTime() <= (saleStartsAt as Date).getTime()) return SALE_ENDS_BEFORE_START;
  return null;
}

/** The days before a sale's start whose lowest price is shown with it (prisinformationslagen 7 a §). */
export const LOWEST_PRICE_DAYS = 30;

/** The price a product's JSON says a buyer pays now (SEK): its sale price while `onSale`. */
export function payablePrice(product: { price: number; salePrice: number | null; onSale: boolean }): number {
  return product.onSale && product.salePrice !== null ? product.salePrice : product.price;
}
