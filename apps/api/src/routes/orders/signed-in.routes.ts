/** /api/orders: placing, reading, managing and paying orders (spec section 7). */
import {
  createOrderSchema,
  ORDER_DELETED,
  orderListQuerySchema,
  orderUpdateSchema,
  paypalPaymentResultSchema,
} from '@torget/shared/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { mailLinkOrigin } from '../../lib/mail-link-origin';
import { sendInBackground } from '../../lib/mailer';
import { newOrderNoticeMail, orderConfirmationMail } from '../../mails/order-mails';
import { payWithPaypal, startPaypalPayment } from '../../modules/orders/order-payment.service';
import {
  deleteOrder,
  getOrder,
  listIncomingOrders,
  listMyOrders,
  updateOrderStatus,
} from '../../modules/orders/orders.service';
import { placeOrder } from '../../modules/orders/place-order.service';
import { createPaypalClient, type PaypalClient } from '../../modules/payments/paypal-client';

const idParams = z.object({ id: z.string() });

export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { auth, mailer } = deps;
  const { clientId, clientSecret, apiBase } = deps.config.paypal;
  // One client for the app's life, so its access token is reused until it expires.
  const paypal: PaypalClient | null = clientSecret ? createPaypalClient({ clientId, clientSecret, apiBase }) : null;

  app.post('/', { schema: { body: createOrderSchema } }, async (request, reply) => {
    const buyer = await auth.requireUser(request);
    const placed = await placeOrder(db, buyer, request.body);
    const origin = mailLinkOrigin(request, deps.config.mainHosts);
    sendInBackground(mailer, orderConfirmationMail(placed, origin), request.log);
    sendInBackground(mailer, newOrderNoticeMail(placed, origin), request.log);
    return reply.status(201).send({ message: 'New Order Created', order: placed.order });
  });

  // Registered before '/:id' for readability; the router prefers the static path either way.
  app.get('/mine', async (request) => listMyOrders(db, await auth.requireUser(request)));

  app.get('/', { schema: { querystring: orderListQuerySchema } }, async (request) =>
    listIncomingOrders(db, await auth.requireUser(request), request.query.seller),
  );

  app.get('/:id', { schema: { params: idParams } }, async (request) =>
    getOrder(db, await auth.requireUser(request), request.params.id),
  );

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, await auth.requireUser(request), request.params.id);
    return { message: ORDER_DELETED };
  });

  app.put('/:id/update', { schema: { params: idParams, body: orderUpdateSchema } }, async (request) =>
    updateOrderStatus(db, await auth.requireUser(request), request.params.id, request.body),
  );

  app.post('/:id/paypal', { schema: { params: idParams } }, async (request) =>
    startPaypalPayment(db, paypal, await auth.requireUser(request), request.params.id),
  );

  // The spec writes this path with a trailing slash; both spellings are served (once, if the
  // router already ignores trailing slashes).
  const { routerOptions, ignoreTrailingSlash } = app.initialConfig;
  const slashIgnored = routerOptions?.ignoreTrailingSlash ?? ignoreTrailingSlash ?? false;
  for (const path of slashIgnored ? ['/:id/pay'] : ['/:id/pay', '/:id/pay/']) {
    app.put(path, { schema: { params: idParams, body: paypalPaymentResultSchema } }, async (request) =>
      payWithPaypal(db, paypal, await auth.requireUser(request), request.params.id, request.body.id),
    );
  }
};
