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
import { pageNumberSchema, pageRequest, setPageHeaders } from '../../lib/paging';
import { createLimiter } from '../../lib/rate-limits';
import { newOrderNoticeMail, orderConfirmationMail } from '../../mails/order-mails';
import {
  cancelOrder,
  DEFAULT_ORDER_HOLD_MINUTES,
  ORDER_CANCEL_DONE,
  readOrder,
  startExpirySweep,
} from '../../modules/orders/order-cancellation.service';
import { payWithPaypal, startPaypalPayment } from '../../modules/orders/order-payment.service';
import { deleteOrder, listIncomingOrders, listMyOrders, updateOrderStatus } from '../../modules/orders/orders.service';
import { placeOrder } from '../../modules/orders/place-order.service';
import { createPaypalClient, type PaypalClient } from '../../modules/payments/paypal-client';
import { type RoutePlugin, userOf } from '../audiences';

const idParams = z.object({ id: z.string() });
const pageQuery = z.object({ pageNumber: pageNumberSchema });

export const signedInOrderRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { mailer } = deps;
  const { clientId, clientSecret, apiBase } = deps.config.paypal;
  // One client for the app's life, so its access token is reused until it expires.
  const paypal: PaypalClient | null = clientSecret ? createPaypalClient({ clientId, clientSecret, apiBase }) : null;
  const ordersPerAccount = createLimiter(app, 'ordersPerAccount', deps.rateLimits);
  const ordersPerAddress = createLimiter(app, 'ordersPerAddress', deps.rateLimits);
  const holdMinutes = deps.config.paypalOrderHoldMinutes ?? DEFAULT_ORDER_HOLD_MINUTES;
  // Every instance sweeps; the sweep is safe to run concurrently (order-cancellation.service.ts).
  const stopSweep = startExpirySweep(db, holdMinutes, app.log);
  app.addHook('onClose', stopSweep);

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
  // Both lists are paged (lib/paging.ts): still a JSON array, with X-Total-Count and Link.
  app.get('/mine', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const user = userOf(request);
    const page = pageRequest(request.query.pageNumber);
    const { rows, total } = await listMyOrders(db, user, page);
    setPageHeaders(request, reply, page, total);
    return rows;
  });

  app.get('/', { schema: { querystring: orderListQuerySchema.extend(pageQuery.shape) } }, async (request, reply) => {
    const user = userOf(request);
    const page = pageRequest(request.query.pageNumber);
    const { rows, total } = await listIncomingOrders(db, user, request.query.seller, page);
    setPageHeaders(request, reply, page, total);
    return rows;
  });

  app.get('/:id', { schema: { params: idParams } }, async (request) =>
    readOrder(db, userOf(request), request.params.id, holdMinutes),
  );

  // Issue 15: the seller of an unpaid PayPal order, or an admin, cancels it (stock back once).
  app.put('/:id/cancel', { schema: { params: idParams } }, async (request) => {
    const order = await cancelOrder(db, userOf(request), request.params.id);
    return { message: ORDER_CANCEL_DONE, order };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, userOf(request), request.params.id);
    return { message: ORDER_DELETED };
  });

  app.put('/:id/update', { schema: { params: idParams, body: orderUpdateSchema } }, async (request) =>
    updateOrderStatus(db, userOf(request), request.params.id, request.body),
  );

  app.post('/:id/paypal', { schema: { params: idParams } }, async (request) =>
    startPaypalPayment(db, paypal, userOf(request), request.params.id, holdMinutes),
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
