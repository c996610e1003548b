/** The mails a new order sends: a confirmation to the buyer and a notice to the seller. */
import type { Order } from '@torget/shared/api-types';
import { formatSek, lineTotalSek } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';

/** What the mails of a new order are built from (a placed order is one). */
export interface NewOrder {
  order: Order;
  buyer: { name: string; email: string };
  seller: { email: string };
}

function summary(order: Order): string[] {
  const a = order.shippingAddress;
  return [
    `Ordernummer / Order number: ${order.orderNumber}`,
    `Order ${order._id}`,
    '',
    ...order.orderItems.map((item) => `${item.qty} × ${item.name}  ${formatSek(lineTotalSek(item.qty, item.price))}`),
    '',
    `Varor / Items: ${formatSek(order.itemsPrice)}`,
    `Frakt / Shipping: ${formatSek(order.shippingPrice)}`,
    `Moms / Tax: ${formatSek(order.taxPrice)}`,
    `Totalt / Total: ${formatSek(order.totalPrice)}`,
    '',
    `Betalning / Payment: ${order.paymentMethod}`,
    `Leveransadress / Shipping address: ${a.fullName}, ${a.address}, ${a.postalCode} ${a.city}, ${a.country}`,
  ];
}

function paymentHint(order: Order): string[] {
  if (order.paymentMethod === 'Swish') {
    return [
      `Betala ${formatSek(order.totalPrice)} med Swish till ${order.seller.seller.swish_number}; skanna QR-koden på ordersidan.`,
      `Pay ${formatSek(order.totalPrice)} by Swish to ${order.seller.seller.swish_number}; scan the QR code on the order page.`,
    ];
  }
  return ['Betala med PayPal på ordersidan. / Pay with PayPal on the order page.'];
}

export function orderConfirmationMail(placed: NewOrder, siteOrigin: string): Mail {
  const { order, buyer } = placed;
  const link = `${siteOrigin}/order/${order._id}`;
  return {
    to: buyer.email,
    subject: `Orderbekräftelse från ${order.seller.seller.name} / Order confirmation ${order.orderNumber}`,
    text: [
      `Hej ${buyer.name}!`,
      '',
      `Tack för din beställning hos ${order.seller.seller.name}.`,
      `Thank you for your order from ${order.seller.seller.name}.`,
      '',
      ...summary(order),
      '',
      ...paymentHint(order),
      '',
      `Följ din order / Follow your order: ${link}`,
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
