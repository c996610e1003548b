/**
 * POST /api/orders/{id}/refunds: the order's seller (while a seller) or an admin refunds a paid
 * order, in part or in full (docs/decisions/231-refunds.md). PayPal orders are refunded through
 * PayPal; a Swish refund is made from the seller's Swish app and recorded here with its day. The
 * buyer is told by mail. Who may refund is the service's rule; to anyone who may not see the
 * order it does not exist (404).
 */
import { sekToOre } from '@torget/shared/rules/money';
import { orderRefundedSchema } from '@torget/shared/schemas/answers/orders';
import { refundOrderSchema } from '@torget/shared/schemas/refunds';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { orderRefundMail } from '#api/mails/order-refund-mail.ts';
import { paypalClientFor } from '#api/modules/payments/paypal-client.ts';
import { refundJson } from '#api/modules/refunds/refund-reads.ts';
import { refundOrderAs } from '#api/modules/refunds/refunds.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailAboutOrder } from './order-mail-sender';

const idParams = z.object({ id: z.string() });

export const ORDER_REFUNDED = 'Order was refunded.';

export const refundOrderRoutes: RoutePlugin = async (app, { deps }) => {
  // One client for the app's life, so its access token is reused until it expires.
  const paypal = paypalClientFor(deps.config.paypal);

  app.post(
    '/:id/refunds',
    { schema: { params: idParams, body: refundOrderSchema, response: { 201: orderRefundedSchema } } },
    async (request, reply) => {
      // A refund shows on the order only, which no cache keeps; it moves no stock.
      declareChanges(request, []);
      const { order, refund } = await refundOrderAs(
        dbFor(request),
        paypal,
        userOf(request),
        request.params.id,
        request.body,
        sekToOre(request.body.amount),
      );
      const json = refundJson(refund);
      mailAboutOrder(deps, request.log, order._id, ({ buyer }, context) => [orderRefundMail(buyer, context, json)]);
      return reply.status(201).send({ message: ORDER_REFUNDED, order, refund: json });
    },
  );
};
