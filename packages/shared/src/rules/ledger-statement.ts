/**
 * A seller's monthly statement as a CSV file (GET /api/ledger/mine/statement.csv): the opening
 * balance, the month's entries, the closing balance. Amounts are SEK with two decimals and a
 * point. Text cells go through csvCell, so no cell a spreadsheet opens runs a formula; an amount
 * is written as a plain number (a leading minus of a number is not a formula).
 */
import { csvCell } from './payouts';

/** The statement's header row. */
export const STATEMENT_CSV_HEADER = ['date', 'entry', 'order', 'rate_percent', 'amount', 'note'] as const;

/** One row of the statement, all text, before it is written. */
export interface StatementCsvRow {
  date: string;
  entry: string;
  order: string;
  rate: string;
  amount: string;
  note: string;
}

/** A number the way the statement writes amounts: `-29.80`, `1250.00`. */
const PLAIN_AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/** An amount cell: a plain number as it is; anything else as a text cell. */
export function csvAmountCell(value: string): string {
  return PLAIN_AMOUNT.test(value) ? value : csvCell(value);
}

/** SEK as the statement writes it: two decimals, a point, no thousands separator. */
export function statementAmount(sek: number): string {
  return sek.toFixed(2);
}

/** The statement's rows as CSV text: comma separated, CRLF line ends (RFC 4180). */
export function statementCsv(rows: readonly StatementCsvRow[]): string {
  const lines = [STATEMENT_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        csvCell(row.date),
        csvCell(row.entry),
        csvCell(row.order),
        csvAmountCell(row.rate),
        csvAmountCell(row.amount),
        csvCell(row.note),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The reference of a payment request, the Swish message the seller pays with: `Torget B-7`. */
export function paymentRequestReference(number: number): string {
  return `Torget B-${number}`;
}
