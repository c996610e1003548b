/**
 * Sends the mails an action on an order causes, after the answer is decided: the parties are read
 * then (who, in which language, to which site the links lead), and neither that read nor the
 * sending can fail the request; a failure is logged, as `sendInBackground` does. A mail to the
 * buyer caused by the buyer's own request is built from what that request read instead
 * (mailBuyerAboutOrder).
 */
import { parseLanguage } from '@torget/shared/rules/languages';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#api/app-deps.ts';
import type { Mail } from '#api/lib/mailer.ts';
import type { OrderMailContext, Recipient } from '#api/mails/order-status-mails.ts';
import type { OrderRow } from '#api/modules/orders/order-json.ts';
import { type OrderParties, orderParties } from '#api/modules/orders/order-parties.ts';
import { orderLinkOrigin } from '#api/site/mail-link-origin.ts';

export type OrderMailsOf = (parties: OrderParties, context: OrderMailContext) => Mail[];

/** Sends the mails `made` makes, in the background: a failure is logged, never the request's. */
function sendOrderMails(deps: AppDeps, log: FastifyBaseLogger, orderId: string, made: () => Promise<Mail[]>): void {
  const send = async () => {
    await Promise.all((await made()).map((mail) => deps.mailer.send(mail)));
  };
  send().catch((error: unknown) => log.error({ err: error, orderId }, 'order mail not sent'));
}

export function mailAboutOrder(deps: AppDeps, log: FastifyBaseLogger, orderId: string, mailsOf: OrderMailsOf): void {
  sendOrderMails(deps, log, orderId, async () => {
    const parties = await orderParties(deps.database.reader, orderId);
    if (!parties) return [];
    const context: OrderMailContext = {
      orderNumber: parties.orderNumber,
      shopName: parties.seller.shopName,
      orderLink: `${orderLinkOrigin(deps.config, parties.shopDomain)}/order/${orderId}`,
    };
    return mailsOf(parties, context);
  });
}

/**
 * A mail to the buyer about an order their own request has just read or written (`order`, as it
 * is now), sent without reading the order's parties again: the buyer is the request's signed-in
 * user, read by this request, and the language, shop name and number are the order's own. Only
 * an order placed on the shop's own domain links to that domain as the shop has it now, which
 * the order does not say: that one reads the parties, as mailAboutOrder does.
 */
export function mailBuyerAboutOrder(
  deps: AppDeps,
  log: FastifyBaseLogger,
  order: OrderRow,
  buyer: { name: string; email: string },
  mailsOf: (buyer: Recipient, context: OrderMailContext) => Mail[],
): void {
  if (order.placedOnShopDomain) {
    mailAboutOrder(deps, log, order.id, (parties, context) => mailsOf(parties.buyer, context));
    return;
  }
  sendOrderMails(deps, log, order.id, async () => {
    const context: OrderMailContext = {
      orderNumber: formatOrderNumber(order.number),
      shopName: order.sellerName,
      orderLink: `${orderLinkOrigin(deps.config, null)}/order/${order.id}`,
    };
    const language = parseLanguage(order.buyerLanguage) ?? 'en';
    return mailsOf({ name: buyer.name, email: buyer.email, language }, context);
  });
}
