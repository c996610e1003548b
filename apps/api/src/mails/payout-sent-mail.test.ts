import { describe, expect, it } from 'vitest';
import { payoutSentMail } from './payout-sent-mail';

describe('payout sent mail', () => {
  it('names the amount, the reference and the orders, in Swedish then English', () => {
    const mail = payoutSentMail(
      {
        seller: { name: 'Annas Ateljé', email: 'anna@example.se', language: null },
        amountOre: 123_450,
        orderNumbers: [100_001, 100_007],
        reference: 'Torget T-3',
      },
      'https://torget.example',
    );
    expect(mail.to).toBe('anna@example.se');
    expect(mail.subject).toBe('Utbetalning från Torget: 1\u00a0234,50\u00a0kr / Payout from Torget: SEK 1234.50');
    expect(mail.text).toContain(
      'Vi har betalat ut 1\u00a0234,50\u00a0kr till ditt utbetalningskonto, med referensen Torget T-3.',
    );
    expect(mail.text).toContain('Utbetalningen gäller beställningarna T-100001, T-100007.');
    expect(mail.text).toContain('We have paid SEK 1234.50 to your payout account, with the reference Torget T-3.');
    expect(mail.text).toContain('The payout covers orders T-100001, T-100007.');
    expect(mail.text).toContain('Finances: https://torget.example/my_shop_menu');
  });

  it('says it pays the balance when no order is named', () => {
    const mail = payoutSentMail(
      {
        seller: { name: 'Bo', email: 'bo@example.se', language: 'en' },
        amountOre: 10_000,
        orderNumbers: [],
        reference: 'Torget T-1',
      },
      'https://torget.example',
    );
    expect(mail.text).toContain('The payout covers your balance.');
  });

  it('is Swedish only for a seller who uses Svenska', () => {
    const mail = payoutSentMail(
      {
        seller: { name: 'Cilla', email: 'cilla@example.se', language: 'sv' },
        amountOre: 20_000,
        orderNumbers: [100_002],
        reference: 'Torget T-2',
      },
      'https://torget.example',
    );
    expect(mail.subject).toBe('Utbetalning från Torget: 200,00\u00a0kr');
    expect(mail.text).toContain('Utbetalningen gäller beställningarna T-100002.');
    expect(mail.text).not.toContain('payout');
  });
});
