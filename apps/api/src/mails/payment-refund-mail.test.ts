import { describe, expect, it } from 'vitest';
import { paymentRefundMail, type RefundedPayment } from './payment-refund-mail';

const payment: RefundedPayment = {
  buyer: { name: 'Kim Köpare', email: 'kim@example.se' },
  order: { id: 'o-42', orderNumber: 'T-100042', sellerName: 'Annas Ateljé' },
  amountOre: 29_800,
  currency: 'SEK',
  reason: 'expired',
};

describe('payment refund mail', () => {
  it('says in both languages what was received, why it paid nothing, and that it is refunded', () => {
    const mail = paymentRefundMail(payment, 'https://torget.example');
    expect(mail.to).toBe('kim@example.se');
    expect(mail.subject).toBe('Din betalning återbetalas / Your payment is being refunded T-100042');
    expect(mail.text.split('\n')[0]).toBe('Hej Kim Köpare!');
    expect(mail.text).toContain('PayPal-betalning på 298,00\u00a0kr för order T-100042 hos Annas Ateljé');
    expect(mail.text).toContain('Ordern hade hunnit gå ut');
    expect(mail.text).toContain('We received your PayPal payment of SEK 298.00 for order T-100042');
    expect(mail.text).toContain('The order had expired');
    expect(mail.text).toContain('See the order: https://torget.example/order/o-42');
  });

  it('is in Swedish only for a Swedish buyer, and names another currency as it was paid', () => {
    const mail = paymentRefundMail({ ...payment, currency: 'EUR', reason: 'wrong_amount' }, 'https://t.example', 'sv');
    expect(mail.subject).toBe('Din betalning återbetalas T-100042');
    expect(mail.text).toContain('PayPal-betalning på EUR 298.00');
    expect(mail.text).toContain('Betalningens belopp stämde inte');
    expect(mail.text).not.toMatch(/We received|refunded/);
  });
});
