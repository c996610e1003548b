import { describe, expect, it } from 'vitest';
import { payoutAccountSchema } from '../schemas/payout-account';
import {
  checkPayoutAccount,
  formatBankgiro,
  isValidBankgiro,
  maskAccountNumber,
  PAYOUT_MESSAGES,
  payoutUsableAt,
} from './payout-account';

describe('Bankgiro numbers', () => {
  it('accepts numbers whose last digit is their Luhn check digit', () => {
    // Skatteverket's published Bankgiro number in three writings; the others' check digits worked by hand.
    for (const valid of ['5050-1055', '50501055', '5050 1055', '297-3675', '900-1496', '5555-5551']) {
      expect(isValidBankgiro(valid), valid).toBe(true);
    }
  });

  it('refuses a wrong check digit, swapped digits and wrong lengths', () => {
    for (const invalid of ['5050-1056', '5050-1505', '297-3676', '123456', '123456789', 'abc-defg', '']) {
      expect(isValidBankgiro(invalid), invalid).toBe(false);
    }
  });

  it('is written NNN-NNNN or NNNN-NNNN', () => {
    expect(formatBankgiro('50501055')).toBe('5050-1055');
    expect(formatBankgiro('2973675')).toBe('297-3675');
  });
});

describe('Swedish bank accounts (kontonummer, strict)', () => {
  it('accepts accounts of each kind of check, and names the bank', () => {
    for (const [clearing, account, bank] of [
      ['5000', '123 45 60', 'SEB'],
      ['6000', '123 456 789', 'Handelsbanken'],
      ['8327-9', '123 456 789-7', 'Swedbank'],
      ['3300', '811218-9876', 'Nordea'],
    ] as const) {
      const checked = checkPayoutAccount({ type: 'bank_account', clearingNumber: clearing, accountNumber: account });
      expect(checked.ok, `${clearing} ${account}`).toBe(true);
      if (checked.ok) expect(checked.account.bankName).toBe(bank);
    }
  });

  it('stores digits only', () => {
    const checked = checkPayoutAccount({
      type: 'bank_account',
      clearingNumber: '8327-9',
      accountNumber: '123 456 789-7',
    });
    expect(checked).toEqual({
      ok: true,
      account: { type: 'bank_account', clearingNumber: '83279', number: '1234567897', bic: null, bankName: 'Swedbank' },
    });
  });

  it('refuses a wrong check digit on the account number, an unknown clearing number and missing fields', () => {
    const wrong = (clearingNumber: string, accountNumber: string) =>
      checkPayoutAccount({ type: 'bank_account', clearingNumber, accountNumber });
    expect(wrong('5000', '1234567')).toEqual({
      ok: false,
      errors: [{ field: 'accountNumber', message: PAYOUT_MESSAGES.accountInvalid }],
    });
    expect(wrong('8327-9', '1234567890')).toMatchObject({ ok: false, errors: [{ field: 'accountNumber' }] });
    expect(wrong('9999', '1234567')).toEqual({
      ok: false,
      errors: [{ field: 'clearingNumber', message: PAYOUT_MESSAGES.clearingUnknown }],
    });
    expect(wrong('12', '1234567')).toMatchObject({ ok: false, errors: [{ message: PAYOUT_MESSAGES.clearingFormat }] });
    expect(wrong('', '')).toEqual({
      ok: false,
      errors: [
        { field: 'clearingNumber', message: PAYOUT_MESSAGES.clearingRequired },
        { field: 'accountNumber', message: PAYOUT_MESSAGES.accountRequired },
      ],
    });
  });
});

describe('IBAN (ibantools)', () => {
  it('accepts valid IBANs written with spaces or lower case, and stores the electronic form', () => {
    const checked = checkPayoutAccount({ type: 'iban', iban: 'se45 5000 0000 0583 9825 7466', bic: 'esse se ss' });
    expect(checked).toEqual({
      ok: true,
      account: {
        type: 'iban',
        clearingNumber: null,
        number: 'SE4550000000058398257466',
        bic: 'ESSESESS',
        bankName: null,
      },
    });
    expect(checkPayoutAccount({ type: 'iban', iban: 'DE89 3704 0044 0532 0130 00' }).ok).toBe(true);
  });

  it('refuses wrong check digits, a wrong length, an unknown country and a malformed BIC', () => {
    for (const iban of ['SE4550000000058398257467', 'SE455000000005839825746', 'XX4550000000058398257466', 'hello']) {
      expect(checkPayoutAccount({ type: 'iban', iban }), iban).toEqual({
        ok: false,
        errors: [{ field: 'iban', message: PAYOUT_MESSAGES.ibanInvalid }],
      });
    }
    expect(checkPayoutAccount({ type: 'iban', iban: 'SE4550000000058398257466', bic: 'ESSE' })).toEqual({
      ok: false,
      errors: [{ field: 'bic', message: PAYOUT_MESSAGES.bicInvalid }],
    });
  });
});

describe('the payout account schema', () => {
  it('puts each message at its field', () => {
    const result = payoutAccountSchema.safeParse({ type: 'bankgiro', bankgiro: '5050-1056' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bankgiro', PAYOUT_MESSAGES.bankgiroInvalid],
    ]);
    expect(payoutAccountSchema.safeParse({ type: 'cash' }).error?.issues[0]?.message).toBe(
      PAYOUT_MESSAGES.typeRequired,
    );
  });

  it('answers the account as stored', () => {
    expect(payoutAccountSchema.parse({ type: 'bankgiro', bankgiro: '5050-1055', iban: 'ignored' })).toEqual({
      type: 'bankgiro',
      clearingNumber: null,
      number: '50501055',
      bic: null,
      bankName: null,
    });
  });
});

describe('masking and the hold', () => {
  it('shows the last four characters only', () => {
    expect(maskAccountNumber('SE4550000000058398257466')).toBe('•••• 7466');
    expect(maskAccountNumber('50501055')).toBe('•••• 1055');
  });

  it('holds payouts three days after a change', () => {
    expect(payoutUsableAt(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });
});
