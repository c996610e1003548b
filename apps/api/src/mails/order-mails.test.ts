import type { Order } from '@torget/shared/api-types.generated';
import { describe, expect, it } from 'vitest';
import { type NewOrder, newOrderNoticeMail, orderConfirmationMail } from './order-mails';

const ORIGIN = 'https://torget.example';

function newOrder(paymentMethod: Order['paymentMethod']): NewOrder {
  return {
    order: {
      _id: 'a1b2c3',
      orderNumber: 'T-100042',
      orderItems: [
        { qty: 2, price: 129.5, shipping_price: 0, image: '', name: 'Lampa X', product: 'p1', productNumber: 1042 },
        { qty: 1, price: 0.1, shipping_price: 0, image: '', name: 'Tändsticka', product: null },
      ],
      shippingAddress: {
        fullName: 'Kim Köpare',
        address: 'Storgatan 1',
        postalCode: '903 25',
        city: 'Umeå',
        country: 'Sverige',
      },
      paymentMethod,
      itemsPrice: 259.1,
      shippingPrice: 29,
      taxPrice: 0,
      totalPrice: 288.1,
      vatIncluded: 57.62,
      vatByRate: [{ rate: 25, amount: 57.62 }],
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      user: 'u1',
      seller: { _id: 's1', seller: { name: 'Annas Ateljé', swish_number: '1231234567' } },
      createdAt: '2026-01-02T10:00:00.000Z',
      isCancelled: false,
      cancelledAt: null,
      cancelReason: null,
    },
    buyer: { name: 'Kim Köpare', email: 'kim@example.se' },
    seller: { email: 'anna@example.se' },
  };
}

describe('order confirmation mail', () => {
  it('goes to the buyer with every line, the totals, the address and a link to the order', () => {
    const mail = orderConfirmationMail(newOrder('Swish'), ORIGIN);
    expect(mail.to).toBe('kim@example.se');
    expect(mail.subject).toBe('Orderbekräftelse från Annas Ateljé / Order confirmation T-100042');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hej Kim Köpare!');
    expect(lines).toContain('Ordernummer / Order number: T-100042');
    // Lines by their product number; a deleted product's line by its name alone.
    expect(lines).toContain('2 × #1042 Lampa X  SEK 259.00');
    expect(lines).toContain('1 × Tändsticka  SEK 0.10');
    expect(lines).toContain('Totalt / Total: SEK 288.10');
    expect(lines).toContain('Frakt / Shipping: SEK 29.00');
    // Prices include moms: the receipt says how much of the total is moms, and adds none.
    expect(lines).toContain('varav moms 25 % / of which VAT 25%: SEK 57.62');
    expect(lines.indexOf('varav moms 25 % / of which VAT 25%: SEK 57.62')).toBe(
      lines.indexOf('Totalt / Total: SEK 288.10') + 1,
    );
    expect(mail.text).not.toContain('Tax');
    expect(lines).toContain('Leveransadress / Shipping address: Kim Köpare, Storgatan 1, 903 25 Umeå, Sverige');
    expect(lines.at(-1)).toBe(`Följ din order / Follow your order: ${ORIGIN}/order/a1b2c3`);
  });

  it('names the order by its number: its id appears only in the link', () => {
    for (const mail of [
      orderConfirmationMail(newOrder('Swish'), ORIGIN),
      newOrderNoticeMail(newOrder('PayPal'), ORIGIN),
    ]) {
      const withId = `${mail.subject}\n${mail.text}`.split('\n').filter((line) => line.includes('a1b2c3'));
      expect(withId).toEqual([expect.stringContaining(`${ORIGIN}/order/a1b2c3`)]);
    }
  });

  it('tells how to pay: the Swish number and amount, or PayPal on the order page', () => {
    const swish = orderConfirmationMail(newOrder('Swish'), ORIGIN).text;
    expect(swish).toContain('Betala SEK 288.10 med Swish till 1231234567');
    expect(swish).not.toContain('PayPal');
    const paypal = orderConfirmationMail(newOrder('PayPal'), ORIGIN).text;
    expect(paypal).toContain('Pay with PayPal on the order page.');
    expect(paypal).not.toContain('1231234567');
  });
});

describe('new order notice', () => {
  it('goes to the seller with the total in the subject, the buyer, and no payment hint', () => {
    const mail = newOrderNoticeMail(newOrder('Swish'), ORIGIN);
    expect(mail.to).toBe('anna@example.se');
    expect(mail.subject).toBe('Ny order på Torget / New order: SEK 288.10 · T-100042');
    expect(mail.text).toContain('Ordernummer / Order number: T-100042');
    expect(mail.text.split('\n')[0]).toBe('Hej Annas Ateljé!');
    expect(mail.text).toContain('You have a new order from Kim Köpare.');
    expect(mail.text).toContain('2 × #1042 Lampa X  SEK 259.00');
    expect(mail.text).not.toContain('Swish till');
    expect(mail.text.split('\n').at(-1)).toBe(`Se ordern / See the order: ${ORIGIN}/order/a1b2c3`);
  });
});
