/**
 * Payout batches (docs/decisions/250-payout-batches.md): who is paid, the bank reference, and the
 * file for the bank's bulk payment upload.
 */
import type { PayoutAccountType } from './payout-account';
import { formatBankgiro } from './payout-account';

/** A seller is paid only when the payable balance is at least this, in öre (100 kr). */
export const PAYOUT_MINIMUM_ORE = 10_000;
/** Highest minimum an admin may give a batch, in öre (1 000 000 kr). */
export const PAYOUT_MINIMUM_MAX_ORE = 100_000_000;

/** The reference the bank shows the seller: `Torget T-7` for batch 7. */
export function payoutReference(batchNumber: number): string {
  return `Torget T-${batchNumber}`;
}

/**
 * What a seller may be paid now: the balance less the money still held back, and only when that
 * is at least the minimum; else 0.
 */
export function payableOre(balanceOre: number, heldOre: number, minimumOre: number = PAYOUT_MINIMUM_ORE): number {
  const payable = balanceOre - heldOre;
  return payable >= minimumOre && payable > 0 ? payable : 0;
}

/** An account as the bank's upload writes it: `83279-1234567897`, `5050-1055`, the IBAN. */
export function payoutAccountText(account: {
  type: PayoutAccountType;
  clearingNumber: string | null;
  number: string;
}): string {
  switch (account.type) {
    case 'bank_account':
      return `${account.clearingNumber ?? ''}-${account.number}`;
    case 'bankgiro':
      return formatBankgiro(account.number);
    case 'iban':
      return account.number;
  }
}

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a cell a spreadsheet would
 * read as a formula (starting with = + - @, a tab or a carriage return) is written after a `'`.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text: comma separated, CRLF line ends (RFC 4180). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
