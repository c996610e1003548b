/** The mails a new order sends: a confirmation to the buyer and a notice to the seller. */
import type { Order } from '@torget/shared/api-types.generated';
import { productNumberLabel } from '@torget/shared/rules/catalog';
import type { Language } from '@torget/shared/rules/languages';
import { formatSek, formatSekSwedish, lineTotalSek } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';

/** What the mails of a new order are built from (a placed order is one). */
export interface NewOrder {
  order: Order;
  buyer: { name: string; email: string };
  seller: { email: string };
}

/**
 * The mail's language: 'sv' for a buyer who chose Svenska (Swedish only, prices as
 * '249,00 kr'); otherwise the default, Swedish first and then English with the spec's 'SEK 249.00'.
 */
interface Wording {
  label(swedish: string, english: string): string;
  price(sek: number): string;
}

const BILINGUAL: Wording = { label: (sv, en) => `${sv} / ${en}`, price: formatSek };
const SWEDISH: Wording = { label: (sv) => sv, price: formatSekSwedish };

/** A line as people quote it: its product's number (`#1001`) before the name, while the product exists. */
function lineName(item: Order['orderItems'][number]): string {
  return item.productNumber ? `${productNumberLabel(item.productNumber)} ${item.name}` : item.name;
}

/** The order as the mail shows it: its number first; its id only inside the link. */
function summary(order: Order, w: Wording = BILINGUAL): string[] {
  const a = order.shippingAddress;
  return [
    `${w.label('Ordernummer', 'Order number')}: ${order.orderNumber}`,
    '',
    ...order.orderItems.map(
      (item) => `${item.qty} × ${lineName(item)}  ${w.price(lineTotalSek(item.qty, item.price))}`,
    ),
    '',
    `${w.label('Varor', 'Items')}: ${w.price(order.itemsPrice)}`,
    `${w.label('Frakt', 'Shipping')}: ${w.price(order.shippingPrice)}`,
    `${w.label('Totalt', 'Total')}: ${w.price(order.totalPrice)}`,
    // Prices include moms (nothing is added: the spec's tax is 0); a receipt says how much is moms.
    ...(order.vatByRate ?? []).map(
      ({ rate, amount }) => `${w.label(`varav moms ${rate} %`, `of which VAT ${rate}%`)}: ${w.price(amount)}`,
    ),
    '',
    `${w.label('Betalning', 'Payment')}: ${order.paymentMethod}`,
    `${w.label('Leveransadress', 'Shipping address')}: ${a.fullName}, ${a.address}, ${a.postalCode} ${a.city}, ${a.country}`,
  ];
}

function paymentHint(order: Order, language: Language): string[] {
  const swedish = language === 'sv';
  if (order.paymentMethod === 'Swish') {
    const number = order.seller.seller.swish_number;
    if (swedish) {
      return [
        `Betala ${formatSekSwedish(order.totalPrice)} med Swish till ${number}; öppna ordersidan för att betala.`,
      ];
    }
    return [
      `Betala ${formatSek(order.totalPrice)} med Swish till ${number}; skanna QR-koden på ordersidan.`,
      `Pay ${formatSek(order.totalPrice)} by Swish to ${number}; scan the QR code on the order page.`,
    ];
  }
  return [
    swedish
      ? 'Betala med PayPal på ordersidan.'
      : 'Betala med PayPal på ordersidan. / Pay with PayPal on the order page.',
  ];
}

export function orderConfirmationMail(placed: NewOrder, siteOrigin: string, language: Language = 'en'): Mail {
  const { order, buyer } = placed;
  const link = `${siteOrigin}/order/${order._id}`;
  const swedish = language === 'sv';
  const w = swedish ? SWEDISH : BILINGUAL;
  return {
    to: buyer.email,
    subject: `Orderbekräftelse från ${order.seller.seller.name}${swedish ? '' : ' / Order confirmation'} ${order.orderNumber}`,
    text: [
      `Hej ${buyer.name}!`,
      '',
      `Tack för din beställning hos ${order.seller.seller.name}.`,
      ...(swedish ? [] : [`Thank you for your order from ${order.seller.seller.name}.`]),
      '',
      ...summary(order, w),
      '',
      ...paymentHint(order, language),
      '',
      `${w.label('Följ din order', 'Follow your order')}: ${link}`,
    ].join('\n'),
  };
}

export function newOrderNoticeMail(placed: NewOrder, siteOrigin: string): Mail {
  const { order, buyer, seller } = placed;
  const link = `${siteOrigin}/order/${order._id}`;
  return {
    to: seller.email,
    subject: `Ny order på Torget / New order: ${formatSek(order.totalPrice)} · ${order.orderNumber}`,
    text: [
      `Hej ${order.seller.seller.name}!`,
      '',
      `Du har fått en ny order från ${buyer.name}.`,
      `You have a new order from ${buyer.name}.`,
      '',
      ...summary(order),
      '',
      `Se ordern / See the order: ${link}`,
    ].join('\n'),
  };
}
