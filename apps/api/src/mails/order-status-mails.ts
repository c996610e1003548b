/**
 * The mails that follow an order after it is placed: to the buyer when the seller marks it paid,
 * ships it (with the tracking link) or marks it delivered, and to the other party when a message
 * is written on the order. Each in the recipient's language: 'sv' Swedish only; otherwise Swedish
 * first, then English, as every mail of the marketplace (order-mails.ts).
 */
import type { Shipment } from '@torget/shared/api-types.generated';
import type { Language } from '@torget/shared/rules/languages';
import type { Mail } from '#api/lib/mailer.ts';

/** What each of these mails is about: the order, its parties as the mail names them, and the link. */
export interface OrderMailContext {
  orderNumber: string;
  shopName: string;
  /** The order page on the site the order was placed on (site/mail-link-origin.ts). */
  orderLink: string;
}

export interface Recipient {
  name: string;
  email: string;
  /** null: not known, both languages. */
  language: Language | null;
}

export interface Texts {
  subject: string;
  lines: string[];
}

/** One mail from its Swedish and English texts, in the recipient's language. */
export function mailIn(to: Recipient, sv: Texts, en: Texts): Mail {
  const swedish = to.language === 'sv';
  return {
    to: to.email,
    subject: swedish ? sv.subject : `${sv.subject} / ${en.subject}`,
    text: [`Hej ${to.name}!`, '', ...sv.lines, ...(swedish ? [] : ['', ...en.lines])].join('\n'),
  };
}

export function orderPaidMail(buyer: Recipient, order: OrderMailContext): Mail {
  return mailIn(
    buyer,
    {
      subject: `Betalningen är mottagen ${order.orderNumber}`,
      lines: [
        `${order.shopName} har tagit emot din betalning för order ${order.orderNumber}.`,
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: `Payment received ${order.orderNumber}`,
      lines: [
        `${order.shopName} has received your payment for order ${order.orderNumber}.`,
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}

/** The carrier line: "PostNord, kollinummer AB123…" and the tracking page when there is one. */
function trackingLines(shipment: Shipment, swedish: boolean): string[] {
  const carrier = shipment.carrier === 'other' ? (swedish ? 'annat fraktbolag' : 'another carrier') : shipment.carrier;
  const number = shipment.trackingNumber
    ? swedish
      ? `, kollinummer ${shipment.trackingNumber}`
      : `, tracking number ${shipment.trackingNumber}`
    : '';
  const link = shipment.trackingUrl
    ? [swedish ? `Spåra paketet: ${shipment.trackingUrl}` : `Track the parcel: ${shipment.trackingUrl}`]
    : [];
  return [`${swedish ? 'Fraktbolag' : 'Carrier'}: ${carrier}${number}`, ...link];
}

export function orderShippedMail(buyer: Recipient, order: OrderMailContext, shipment: Shipment): Mail {
  return mailIn(
    buyer,
    {
      subject: `Din order har skickats ${order.orderNumber}`,
      lines: [
        `${order.shopName} har skickat din order ${order.orderNumber}.`,
        ...trackingLines(shipment, true),
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: `Your order has been shipped ${order.orderNumber}`,
      lines: [
        `${order.shopName} has shipped your order ${order.orderNumber}.`,
        ...trackingLines(shipment, false),
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}

export function orderDeliveredMail(buyer: Recipient, order: OrderMailContext): Mail {
  return mailIn(
    buyer,
    {
      subject: `Din order har levererats ${order.orderNumber}`,
      lines: [
        `${order.shopName} har markerat order ${order.orderNumber} som levererad.`,
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: `Your order has been delivered ${order.orderNumber}`,
      lines: [
        `${order.shopName} has marked order ${order.orderNumber} as delivered.`,
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}

/** A message written on the order, quoted in full (plain text, at most 2 000 characters). */
export function orderMessageMail(to: Recipient, order: OrderMailContext, from: string, text: string): Mail {
  const quoted = text.split('\n').map((line) => `> ${line}`);
  return mailIn(
    to,
    {
      subject: `Nytt meddelande om order ${order.orderNumber}`,
      lines: [
        `${from} skrev om order ${order.orderNumber}:`,
        '',
        ...quoted,
        '',
        `Svara på ordersidan: ${order.orderLink}`,
      ],
    },
    {
      subject: `New message about order ${order.orderNumber}`,
      lines: [
        `${from} wrote about order ${order.orderNumber}:`,
        '',
        ...quoted,
        '',
        `Reply on the order page: ${order.orderLink}`,
      ],
    },
  );
}
