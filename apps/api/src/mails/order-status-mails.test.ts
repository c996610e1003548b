import { describe, expect, it } from 'vitest';
import { orderDeliveredMail, orderMessageMail, orderPaidMail, orderShippedMail } from './order-status-mails';

const order = { orderNumber: 'T-100042', shopName: 'Annas Ateljé', orderLink: 'https://shop.example.se/order/abc' };
const svBuyer = { name: 'Kim', email: 'kim@example.se', language: 'sv' as const };
const enBuyer = { ...svBuyer, language: 'en' as const };

describe('the mails after the sale', () => {
  it('are Swedish only for a Swedish reader, and Swedish then English otherwise', () => {
    const sv = orderPaidMail(svBuyer, order);
    expect(sv.subject).toBe('Betalningen är mottagen T-100042');
    expect(sv.text).toContain('Annas Ateljé har tagit emot din betalning för order T-100042.');
    expect(sv.text).not.toContain('received');
    const both = orderPaidMail(enBuyer, order);
    expect(both.subject).toBe('Betalningen är mottagen T-100042 / Payment received T-100042');
    expect(both.text.indexOf('har tagit emot')).toBeLessThan(both.text.indexOf('has received'));
    expect(orderPaidMail({ ...svBuyer, language: null }, order).text).toContain('has received');
  });

  it('link to the order, and the shipped mail to the carrier’s tracking page', () => {
    const shipment = {
      carrier: 'PostNord',
      trackingNumber: 'AB123456789SE',
      trackingUrl: 'https://tracking.postnord.com/se/?id=AB123456789SE',
      shippedAt: '2026-11-20T10:00:00.000Z',
    };
    const mail = orderShippedMail(enBuyer, order, shipment);
    expect(mail.to).toBe('kim@example.se');
    expect(mail.text).toContain('Spåra paketet: https://tracking.postnord.com/se/?id=AB123456789SE');
    expect(mail.text).toContain('Track the parcel: https://tracking.postnord.com/se/?id=AB123456789SE');
    expect(mail.text).toContain('See the order: https://shop.example.se/order/abc');
    const untracked = orderShippedMail(svBuyer, order, {
      ...shipment,
      carrier: 'other',
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(untracked.text).toContain('Fraktbolag: annat fraktbolag');
    expect(untracked.text).not.toContain('Spåra');
    expect(orderDeliveredMail(svBuyer, order).text).toContain('har markerat order T-100042 som levererad');
  });

  it('quote a message line by line as plain text', () => {
    const mail = orderMessageMail(svBuyer, order, 'Annas Ateljé', 'Hej!\nDen skickas i morgon.');
    expect(mail.subject).toBe('Nytt meddelande om order T-100042');
    expect(mail.text).toContain('> Hej!\n> Den skickas i morgon.');
    expect(mail.text).toContain('Svara på ordersidan: https://shop.example.se/order/abc');
    expect(mail.html).toBeUndefined();
  });
});
