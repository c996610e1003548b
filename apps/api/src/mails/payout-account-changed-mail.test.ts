import type { MaskedPayoutAccount } from '@torget/shared/api-types.generated';
import { describe, expect, it } from 'vitest';
import { payoutAccountChangedMail } from './payout-account-changed-mail';

const account: MaskedPayoutAccount = {
  type: 'bank_account',
  masked: '•••• 7897',
  bankName: 'Swedbank',
  changedAt: '2026-03-01T10:00:00.000Z',
};
const seller = { name: 'Bo Bodin', email: 'bo@example.se' };

describe('payout account changed mail', () => {
  it('names the masked account and the end of the hold, in both languages by default', () => {
    const mail = payoutAccountChangedMail(seller, account, '2026-03-04T10:00:00.000Z', 'https://torget.example');
    expect(mail.to).toBe('bo@example.se');
    expect(mail.subject).toBe('Ditt utbetalningskonto på Torget har ändrats / Your Torget payout account was changed');
    expect(mail.text).toContain('har ändrats till: Bankkonto (Swedbank) •••• 7897.');
    expect(mail.text).toContain('väntar utbetalningar till kontot till 2026-03-04 11:00 (svensk tid)');
    expect(mail.text).toContain('was changed to: Bank account (Swedbank) •••• 7897.');
    expect(mail.text).toContain('Settings: https://torget.example/seller_profile');
  });

  it('is Swedish only when the change came from the Svenska UI', () => {
    const mail = payoutAccountChangedMail(
      seller,
      { ...account, type: 'iban', bankName: null, masked: '•••• 7466' },
      '2026-07-04T10:00:00.000Z',
      'https://torget.example',
      'sv',
    );
    expect(mail.subject).toBe('Ditt utbetalningskonto på Torget har ändrats');
    expect(mail.text).toContain('har ändrats till: IBAN •••• 7466.');
    expect(mail.text).toContain('till 2026-07-04 12:00 (svensk tid)');
    expect(mail.text).not.toContain('payout');
  });
});
