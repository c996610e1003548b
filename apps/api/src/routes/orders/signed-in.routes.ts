/**
 * /api/orders, for anyone signed in: placing, reading, managing and paying orders (spec section
 * 7). Which orders a user may see, change or pay is the services' rule (buyer, seller, admin).
 */
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import {
  createOrderSchema,
  orderListQuerySchema,
  orderUpdateSchema,
  paypalPaymentResultSchema,
} from '@torget/shared/schemas/orders';
import { z } from 'zod';
import { mailLinkOrigin } from '../../lib/mail-link-origin';
import { sendInBackground } from '../../lib/mailer';
import { createLimiter } from '../../lib/rate-limits';
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
import { type RoutePlugin, userOf } from '../audiences';

const idParams = z.object({ id: z.string() });

export const signedInOrderRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { mailer } = deps;
  const { clientId, clientSecret, apiBase } = deps.config.paypal;
  // One client for the app's life, so its access token is reused until it expires.
  const paypal: PaypalClient | null = clientSecret ? createPaypalClient({ clientId, clientSecret, apiBase }) : null;
  const ordersPerAccount = createLimiter(app, 'ordersPerAccount', deps.rateLimits);
  const ordersPerAddress = createLimiter(app, 'ordersPerAddress', deps.rateLimits);

  app.post('/', { schema: { body: createOrderSchema } }, async (request, reply) => {
    const buyer = userOf(request);
    await ordersPerAddress.hit(request, request.ip);
    await ordersPerAccount.hit(request, buyer.id);
    const placed = await placeOrder(db, buyer, request.body);
    const origin = mailLinkOrigin(request, deps.config.mainHosts);
    sendInBackground(mailer, orderConfirmationMail(placed, origin), request.log);
    sendInBackground(mailer, newOrderNoticeMail(placed, origin), request.log);
    return reply.status(201).send({ message: 'New Order Created', order: placed.order });
  });

  // Registered before '/:id' for readability; the router prefers the static path either way.
  app.get('/mine', async (request) => listMyOrders(db, userOf(request)));

  app.get('/', { schema: { querystring: orderListQuerySchema } }, async (request) =>
    listIncomingOrders(db, userOf(request), request.query.seller),
  );

  app.get('/:id', { schema: { params: idParams } }, async (request) =>
    getOrder(db, userOf(request), request.params.id),
  );

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, userOf(request), request.params.id);
    return { message: ORDER_DELETED };
  });

  app.put('/:id/update', { schema: { params: idParams, body: orderUpdateSchema } }, async (request) =>
    updateOrderStatus(db, userOf(request), request.params.id, request.body),
  );

  app.post('/:id/paypal', { schema: { params: idParams } }, async (request) =>
    startPaypalPayment(db, paypal, userOf(request), request.params.id),
  );

  // The spec writes this path with a trailing slash; both spellings are served (once, if the
  // router already ignores trailing slashes).
  const { routerOptions, ignoreTrailingSlash } = app.initialConfig;
  const slashIgnored = routerOptions?.ignoreTrailingSlash ?? ignoreTrailingSlash ?? false;
  for (const path of slashIgnored ? ['/:id/pay'] : ['/:id/pay', '/:id/pay/']) {
    app.put(path, { schema: { params: idParams, body: paypalPaymentResultSchema } }, async (request) =>
      payWithPaypal(db, paypal, userOf(request), request.params.id, request.body.id),
    );
  }
};
