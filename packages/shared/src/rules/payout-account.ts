/**
 * A seller's payout account: a Swedish bank account (clearing and account number), a Bankgiro
 * number or an IBAN (with an optional BIC). One rule for the API, which refuses what fails it, and
 * the shop settings form, which shows the same message by the field before sending.
 *
 * Swedish accounts are checked with `kontonummer` in strict mode (clearing number range, length
 * and check digit as Bankgirot's specification writes them), IBANs with `ibantools` (country
 * length and format, mod-97 check digits). Bankgiro numbers end in a Luhn (mod 10) check digit
 * over the whole number, which neither library checks (docs/decisions/220-payout-account.md).
 */
import { electronicFormatIBAN, isValidBIC, validateIBAN } from 'ibantools';
import Kontonummer from 'kontonummer';
import { luhnCheckDigit } from './sweden';

export const PAYOUT_ACCOUNT_TYPES = ['bank_account', 'bankgiro', 'iban'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

/** Payouts wait this long after an account is set or changed, so a taken-over shop is noticed first. */
export const PAYOUT_HOLD_DAYS = 3;
export const PAYOUT_HOLD_MS = PAYOUT_HOLD_DAYS * 24 * 60 * 60 * 1000;

/** When payouts may go to an account set or changed at `changedAt`. */
export function payoutUsableAt(changedAt: Date): Date {
  return new Date(changedAt.getTime() + PAYOUT_HOLD_MS);
}

/** Longest input of each field accepted before it is read (spaces and dashes included). */
export const PAYOUT_FIELD_MAX = { clearingNumber: 8, accountNumber: 24, bankgiro: 12, iban: 50, bic: 14 } as const;

export const PAYOUT_MESSAGES = {
  typeRequired: 'Choose the kind of account.',
  clearingRequired: 'Please enter the clearing number.',
  clearingFormat: 'A clearing number has four digits (five for some Swedbank accounts).',
  clearingUnknown: 'No Swedish bank has that clearing number.',
  accountRequired: 'Please enter the account number.',
  accountInvalid: 'That account number does not fit the clearing number. Check both, or give the account’s IBAN.',
  bankgiroRequired: 'Please enter the Bankgiro number.',
  bankgiroFormat: 'A Bankgiro number has 7 or 8 digits, written like 5050-1055.',
  bankgiroInvalid: 'That Bankgiro number is not valid: check the digits.',
  ibanRequired: 'Please enter the IBAN.',
  ibanInvalid: 'That IBAN is not valid: check the country code and the digits.',
  bicInvalid: 'A BIC has 8 or 11 letters and digits, like ESSESESS.',
} as const;

/** What a seller enters: the fields of the chosen type (the others are ignored). */
export interface PayoutAccountInput {
  type: PayoutAccountType;
  clearingNumber?: string | undefined;
  accountNumber?: string | undefined;
  bankgiro?: string | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
}

/** A checked account as it is stored: digits only (IBAN and BIC upper case, no spaces). */
export interface PayoutAccountDetails {
  type: PayoutAccountType;
  /** Bank accounts: the clearing number, 4 or 5 digits; else null. */
  clearingNumber: string | null;
  /** The account number, the Bankgiro number's digits, or the IBAN. */
  number: string;
  /** IBAN only, when given. */
  bic: string | null;
  /** The bank a Swedish clearing number belongs to; else null. */
  bankName: string | null;
}

export type PayoutInputField = Exclude<keyof PayoutAccountInput, 'type'>;

export type PayoutAccountCheck =
  | { ok: true; account: PayoutAccountDetails }
  | { ok: false; errors: { field: PayoutInputField; message: string }[] };

const digitsOf = (text: string | undefined) => (text ?? '').replace(/[\s-]/g, '');
const fail = (field: PayoutInputField, message: string): PayoutAccountCheck => ({
  ok: false,
  errors: [{ field, message }],
});

/** Whether a Bankgiro number (7 or 8 digits, dashes and spaces allowed) ends in its Luhn check digit. */
export function isValidBankgiro(text: string): boolean {
  const digits = digitsOf(text);
  if (!/^\d{7,8}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** A Bankgiro number as it is written: NNN-NNNN or NNNN-NNNN. */
export function formatBankgiro(digits: string): string {
  return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
}

function checkBankAccount(input: PayoutAccountInput): PayoutAccountCheck {
  const clearing = digitsOf(input.clearingNumber);
  const account = digitsOf(input.accountNumber);
  const errors: { field: PayoutInputField; message: string }[] = [];
  if (clearing === '') errors.push({ field: 'clearingNumber', message: PAYOUT_MESSAGES.clearingRequired });
  else if (!/^\d{4,5}$/.test(clearing))
    errors.push({ field: 'clearingNumber', message: PAYOUT_MESSAGES.clearingFormat });
  else {
    try {
      Kontonummer.getSortingCodeInfo(clearing);
    } catch {
      errors.push({ field: 'clearingNumber', message: PAYOUT_MESSAGES.clearingUnknown });
    }
  }
  if (account === '') errors.push({ field: 'accountNumber', message: PAYOUT_MESSAGES.accountRequired });
  else if (!/^\d+$/.test(account)) errors.push({ field: 'accountNumber', message: PAYOUT_MESSAGES.accountInvalid });
  if (errors.length > 0) return { ok: false, errors };
  try {
    // Strict: the clearing range, the account's length and its check digit must all hold.
    const parsed = new Kontonummer(clearing, account, { mode: 'strict' });
    return {
      ok: true,
      account: {
        type: 'bank_account',
        clearingNumber: parsed.sortingCode,
        number: parsed.accountNumber,
        bic: null,
        bankName: parsed.bankName,
      },
    };
  } catch {
    return fail('accountNumber', PAYOUT_MESSAGES.accountInvalid);
  }
}

function checkBankgiro(input: PayoutAccountInput): PayoutAccountCheck {
  const digits = digitsOf(input.bankgiro);
  if (digits === '') return fail('bankgiro', PAYOUT_MESSAGES.bankgiroRequired);
  if (!/^\d{7,8}$/.test(digits)) return fail('bankgiro', PAYOUT_MESSAGES.bankgiroFormat);
  if (!isValidBankgiro(digits)) return fail('bankgiro', PAYOUT_MESSAGES.bankgiroInvalid);
  return { ok: true, account: { type: 'bankgiro', clearingNumber: null, number: digits, bic: null, bankName: null } };
}

function checkIban(input: PayoutAccountInput): PayoutAccountCheck {
  const raw = (input.iban ?? '').trim();
  if (raw === '') return fail('iban', PAYOUT_MESSAGES.ibanRequired);
  const iban = electronicFormatIBAN(raw) ?? '';
  const errors: { field: PayoutInputField; message: string }[] = [];
  if (!validateIBAN(iban).valid) errors.push({ field: 'iban', message: PAYOUT_MESSAGES.ibanInvalid });
  const bic = (input.bic ?? '').replace(/\s/g, '').toUpperCase();
  if (bic !== '' && !isValidBIC(bic)) errors.push({ field: 'bic', message: PAYOUT_MESSAGES.bicInvalid });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, account: { type: 'iban', clearingNumber: null, number: iban, bic: bic || null, bankName: null } };
}

/** Checks what a seller entered; answers the account as stored, or a message per wrong field. */
export function checkPayoutAccount(input: PayoutAccountInput): PayoutAccountCheck {
  switch (input.type) {
    case 'bank_account':
      return checkBankAccount(input);
    case 'bankgiro':
      return checkBankgiro(input);
    case 'iban':
      return checkIban(input);
  }
}

/** The account as anyone is shown it once saved: its last four characters only, `•••• 1234`. */
export function maskAccountNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
