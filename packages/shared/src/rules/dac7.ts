/**
 * The DAC7 report (Council Directive (EU) 2021/514; docs/decisions/261-dac7-report.md): for a
 * calendar year, one row per reportable seller with identity, payout account, and per quarter
 * (in Swedish time) the sales, the consideration and the fees withheld.
 */
import { DISPLAY_TIME_ZONE } from './dates';

/** Quarters are counted in Sweden's time: an order paid at 00:30 on 1 April is a Q2 sale. */
export const DAC7_TIME_ZONE = DISPLAY_TIME_ZONE;

/** DAC7 applies from reporting year 2023. */
export const DAC7_FIRST_YEAR = 2023;

export const DAC7_QUARTERS = [1, 2, 3, 4] as const;

/**
 * The directive's de minimis rule: a seller of goods with fewer than 30 sales and less than
 * 2 000 EUR consideration in the year is not reported. The EUR amount is taken at 10 SEK/EUR,
 * below the year's actual rate, so the threshold in kronor is never higher than the directive's
 * and no seller who must be reported is left out (docs/decisions/261-dac7-report.md).
 */
export const DAC7_EXCLUDED_BELOW_SALES = 30;
export const DAC7_EXCLUDED_BELOW_CONSIDERATION_ORE = 2_000 * 10 * 100;

/** Whether a seller's year is reported: 30 sales or more, or consideration of the threshold or more. */
export function isDac7Reportable(sales: number, considerationOre: number): boolean {
  return sales >= DAC7_EXCLUDED_BELOW_SALES || considerationOre >= DAC7_EXCLUDED_BELOW_CONSIDERATION_ORE;
}

/** The reporting years an admin may ask for: from 2023 to the current year. */
export function dac7Years(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear; year >= DAC7_FIRST_YEAR; year--) years.push(year);
  return years;
}

/** The CSV's header: identity, account, then per quarter sales, consideration and fees, then the year's sums. */
export const DAC7_HEADER = [
  'year',
  'seller_id',
  'seller_type',
  'legal_name',
  'organisation_number',
  'personal_number',
  'address',
  'post_number',
  'city',
  'country',
  'account_type',
  'account',
  'bic',
  ...DAC7_QUARTERS.flatMap((q) => [`sales_q${q}`, `consideration_q${q}`, `fees_q${q}`]),
  'sales_year',
  'consideration_year',
  'fees_year',
] as const;
