/**
 * Sends the mails an action on an order causes, after the answer is decided: the parties are read
 * then (who, in which language, to which site the links lead), and neither that read nor the
 * sending can fail the request; a failure is logged, as `sendInBackground` does.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#api/app-deps.ts';
import type { Mail } from '#api/lib/mailer.ts';
import type { OrderMailContext } from '#api/mails/order-status-mails.ts';
import { type OrderParties, orderParties } from '#api/modules/orders/order-parties.ts';
import { orderLinkOrigin } from '#api/site/mail-link-origin.ts';

export type OrderMailsOf = (parties: OrderParties, context: OrderMailContext) => Mail[];

export function mailAboutOrder(deps: AppDeps, log: FastifyBaseLogger, orderId: string, mailsOf: OrderMailsOf): void {
  const send = async () => {
    const parties = await orderParties(deps.database.reader, orderId);
    if (!parties) return;
    const context: OrderMailContext = {
      orderNumber: parties.orderNumber,
      shopName: parties.seller.shopName,
      orderLink: `${orderLinkOrigin(deps.config, parties.shopDomain)}/order/${orderId}`,
    };
    await Promise.all(mailsOf(parties, context).map((mail) => deps.mailer.send(mail)));
  };
  send().catch((error: unknown) => log.error({ err: error, orderId }, 'order mail not sent'));
}
