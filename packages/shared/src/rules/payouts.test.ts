import { describe, expect, it } from 'vitest';
import { csvCell, csvText, PAYOUT_MINIMUM_ORE, payableOre, payoutAccountText, payoutReference } from './payouts';

describe('payableOre', () => {
  it('is the balance less what is held, when it reaches the minimum; else 0', () => {
    expect(payableOre(50_000, 20_000)).toBe(30_000);
    expect(payableOre(20_000, 10_000)).toBe(PAYOUT_MINIMUM_ORE);
    expect(payableOre(19_999, 10_000)).toBe(0);
    expect(payableOre(-5_000, 0)).toBe(0);
    expect(payableOre(9_375, 0, 5_000)).toBe(9_375);
  });
});

describe('the bank file', () => {
  it('writes each kind of account as the upload reads it', () => {
    expect(payoutAccountText({ type: 'bank_account', clearingNumber: '83279', number: '1234567897' })).toBe(
      '83279-1234567897',
    );
    expect(payoutAccountText({ type: 'bankgiro', clearingNumber: null, number: '50501055' })).toBe('5050-1055');
    expect(payoutAccountText({ type: 'iban', clearingNumber: null, number: 'SE4550000000058398257466' })).toBe(
      'SE4550000000058398257466',
    );
    expect(payoutReference(12)).toBe('Torget T-12');
  });

  it('keeps a spreadsheet from running a cell as a formula, and quotes what needs it', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+46 70')).toBe("'+46 70");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('Anna, Bo & "Co"')).toBe('"Anna, Bo & ""Co"""');
    expect(csvCell('Annas Ateljé')).toBe('Annas Ateljé');
    expect(
      csvText([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n');
  });
});
