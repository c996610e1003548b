/**
 * /api/orders, for anyone signed in, after the sale: shipping an order (its seller or an admin)
 * and the thread on an order (its buyer, its seller, admins). Who may do what is the services'
 * rule; to anyone who may not see the order it does not exist (404).
 */
import type { OrderMessage } from '@torget/shared/api-types.generated';
import { orderMessageSchema, shipOrderSchema } from '@torget/shared/schemas/after-sale';
import { orderMessageSchema as orderMessageAnswerSchema } from '@torget/shared/schemas/answers/after-sale';
import { orderShippedSchema } from '@torget/shared/schemas/answers/orders';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { orderMessageMail, orderShippedMail } from '#api/mails/order-status-mails.ts';
import { listOrderMessages, type PostedMessage, postOrderMessage } from '#api/modules/orders/order-messages.service.ts';
import type { OrderParties } from '#api/modules/orders/order-parties.ts';
import { shipOrder } from '#api/modules/orders/shipping.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailAboutOrder } from './order-mail-sender';

const idParams = z.object({ id: z.string() });
const orderThreadSchema = z
  .array(orderMessageAnswerSchema)
  .describe("The order's thread, oldest first; reading it marks it read.");

export const ORDER_SHIPPED = 'Order was shipped.';

/** Who a message is from as its mail names them, and whom it goes to: the other party, or both. */
function messageMails(posted: PostedMessage, authorName: string) {
  return (parties: OrderParties, context: Parameters<typeof orderMessageMail>[1]) => {
    const { buyer, seller } = parties;
    const sellerRecipient = { name: seller.shopName, email: seller.email, language: seller.language };
    const from =
      posted.role === 'seller' ? seller.shopName : posted.role === 'buyer' ? buyer.name : `Torget (${authorName})`;
    const text = posted.message.text;
    const toBuyer = orderMessageMail(buyer, context, from, text);
    const toSeller = orderMessageMail(sellerRecipient, context, from, text);
    if (posted.role === 'buyer') return [toSeller];
    if (posted.role === 'seller') return [toBuyer];
    return [toBuyer, toSeller];
  };
}

export const afterSaleOrderRoutes: RoutePlugin = async (app, { deps }) => {
  const messagesPerAccount = createLimiter(app, 'orderMessages', deps.rateLimits);

  app.put(
    '/:id/ship',
    { schema: { params: idParams, body: shipOrderSchema, response: { 200: orderShippedSchema } } },
    async (request) => {
      // A shipment shows on the order only, which no cache keeps.
      declareChanges(request, []);
      const shipped = await shipOrder(
        dbFor(request),
        userOf(request),
        request.params.id,
        request.body,
        requestLanguage(request),
      );
      const { shipment } = shipped.order;
      if (shipped.firstShipment && shipment) {
        mailAboutOrder(deps, request.log, shipped.order._id, ({ buyer }, context) => [
          orderShippedMail(buyer, context, shipment),
        ]);
      }
      return { message: ORDER_SHIPPED, order: shipped.order };
    },
  );

  app.get('/:id/messages', { schema: { params: idParams, response: { 200: orderThreadSchema } } }, async (request) =>
    listOrderMessages(dbFor(request), userOf(request), request.params.id),
  );

  app.post(
    '/:id/messages',
    { schema: { params: idParams, body: orderMessageSchema, response: { 201: orderMessageAnswerSchema } } },
    async (request, reply): Promise<OrderMessage> => {
      const user = userOf(request);
      // The thread shows on the order only, which no cache keeps.
      declareChanges(request, []);
      await messagesPerAccount.hit(request, user.id);
      const posted = await postOrderMessage(
        dbFor(request),
        user,
        request.params.id,
        request.body.text,
        requestLanguage(request),
      );
      mailAboutOrder(deps, request.log, request.params.id, messageMails(posted, user.name));
      return reply.status(201).send(posted.message);
    },
  );
};
