/**
 * /api/orders, for anyone signed in: placing, reading, managing and paying orders (spec section
 * 7). Which orders a user may see, change or pay is the services' rule (buyer, seller, admin).
 */
import type { Order } from '@torget/shared/api-types.generated';
import { isMainHost, normaliseHost } from '@torget/shared/rules/hosts';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import {
  orderCancelledSchema,
  orderDeletedSchema,
  orderPageSchema,
  orderPlacedSchema,
  orderSchema,
} from '@torget/shared/schemas/answers/orders';
import { paypalPaymentStartSchema } from '@torget/shared/schemas/answers/payments';
import {
  createOrderSchema,
  orderListQuerySchema,
  orderUpdateSchema,
  paypalPaymentResultSchema,
} from '@torget/shared/schemas/orders';
import { z } from 'zod';
import { dbFor, declareChanges, stockChangeTags } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { pageAliasSchema, pageNumberSchema, pageRequest, setPageHeaders } from '#api/lib/paging.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { newOrderNoticeMail, orderConfirmationMail } from '#api/mails/order-mails.ts';
import { orderDeliveredMail, orderPaidMail } from '#api/mails/order-status-mails.ts';
import { paymentRefundMail } from '#api/mails/payment-refund-mail.ts';
import {
  cancelOrder,
  DEFAULT_ORDER_HOLD_MINUTES,
  ORDER_CANCEL_DONE,
  readOrder,
  startExpirySweep,
} from '#api/modules/orders/order-cancellation.service.ts';
import type { OrderRow } from '#api/modules/orders/order-json.ts';
import { payWithPaypal, type RefundDue, startPaypalPayment } from '#api/modules/orders/order-payment.service.ts';
import { unreadCounts } from '#api/modules/orders/order-unread.ts';
import {
  deleteOrder,
  listIncomingOrders,
  listMyOrders,
  updateOrderStatusWithChanges,
} from '#api/modules/orders/orders.service.ts';
import { placeOrder } from '#api/modules/orders/place-order.service.ts';
import { refundIfDue } from '#api/modules/payments/paypal-captures.service.ts';
import { paypalClientFor } from '#api/modules/payments/paypal-client.ts';
import { findShopByDomain } from '#api/modules/users/shop-by-domain.service.ts';
import { claimsOf, type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { orderLinkOrigin } from '#api/site/mail-link-origin.ts';
import { mailAboutOrder, mailBuyerAboutOrder } from './order-mail-sender';

const idParams = z.object({ id: z.string() });

/** The cache tags of the products an order holds that still exist (their stock moves when it is cancelled). */
function productTagsOf(order: Order): string[] {
  return stockChangeTags(order.orderItems.flatMap((item) => (item.product ? [item.product] : [])));
}
const pageQuery = z.object({ pageNumber: pageNumberSchema });
/** The incoming-order list also takes `page`, the same as `pageNumber` (decision 270). */
const listPageQuery = z.object({ pageNumber: pageNumberSchema, page: pageAliasSchema });

export const signedInOrderRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const { mailer } = deps;
  // One client for the app's life, so its access token is reused until it expires.
  const paypal = paypalClientFor(deps.config.paypal);
  const ordersPerAccount = createLimiter(app, 'ordersPerAccount', deps.rateLimits);
  const ordersPerAddress = createLimiter(app, 'ordersPerAddress', deps.rateLimits);
  const holdMinutes = deps.config.paypalOrderHoldMinutes ?? DEFAULT_ORDER_HOLD_MINUTES;
  // Every instance sweeps; the sweep is safe to run concurrently (order-cancellation.service.ts).
  const stopSweep = startExpirySweep(holdMinutes, app.log, app.backgroundChanges);
  app.addHook('onClose', stopSweep);

  /** The seller whose own domain `host` is; null on the marketplace (no query for a main host). */
  const shopOnRequestHost = async (host: string): Promise<string | null> =>
    isMainHost(host, deps.config.mainHosts) ? null : ((await findShopByDomain(db, host))?._id ?? null);

  // The order's first statement reads the buyer's account beside the products
  // (place-order.service.ts): the guard checks the token and reads nothing.
  app.post(
    '/',
    { schema: { body: createOrderSchema, response: { 201: orderPlacedSchema } }, config: { readsSessionUser: true } },
    async (request, reply) => {
      const claims = claimsOf(request);
      // An order changes the stock of what it buys (lib/cache-changes.ts).
      declareChanges(request, stockChangeTags(request.body.orderItems.map((item) => item.product)));
      await ordersPerAddress.hitAddress(request);
      await ordersPerAccount.hit(request, claims.userId);
      const language = requestLanguage(request);
      const shopOnHost = await shopOnRequestHost(request.host);
      const placed = await placeOrder(dbFor(request), claims, request.body, {}, { language, shopOnHost });
      const origin = orderLinkOrigin(
        deps.config,
        shopOnHost === placed.order.seller._id ? normaliseHost(request.host) : null,
      );
      sendInBackground(mailer, orderConfirmationMail(placed, origin, language), request.log);
      sendInBackground(mailer, newOrderNoticeMail(placed, origin), request.log);
      return reply.status(201).send({ message: 'New Order Created', order: placed.order });
    },
  );

  // Registered before '/:id' for readability; the router prefers the static path either way.
  // Both lists are paged (lib/paging.ts): still a JSON array, with X-Total-Count and Link.
  app.get(
    '/mine',
    { schema: { querystring: pageQuery, response: { 200: orderPageSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const page = pageRequest(request.query.pageNumber);
      const { rows, total } = await listMyOrders(db, user, page);
      setPageHeaders(request, reply, page, total);
      return rows;
    },
  );

  app.get(
    '/',
    { schema: { querystring: orderListQuerySchema.extend(listPageQuery.shape), response: { 200: orderPageSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const page = pageRequest(request.query.pageNumber ?? request.query.page);
      const { query } = request;
      const filter = query.status || undefined;
      const find = { search: query.search, state: query.state, from: query.from, to: query.to };
      const { rows, total } = await listIncomingOrders(db, user, query.seller, page, filter, find);
      setPageHeaders(request, reply, page, total);
      return rows;
    },
  );

  // Reading an order past its time expires it, giving its stock back (lib/cache-changes.ts).
  app.get('/:id', { schema: { params: idParams, response: { 200: orderSchema } } }, async (request) => {
    const user = userOf(request);
    const order = await readOrder(dbFor(request), user, request.params.id, holdMinutes);
    declareChanges(request, productTagsOf(order));
    const unread = await unreadCounts(dbFor(request), user.id, [order._id]);
    return { ...order, unreadMessages: unread.get(order._id) ?? 0 };
  });

  // The seller of an unpaid PayPal order, or an admin, cancels it (stock back once).
  app.put('/:id/cancel', { schema: { params: idParams, response: { 200: orderCancelledSchema } } }, async (request) => {
    const order = await cancelOrder(dbFor(request), userOf(request), request.params.id);
    declareChanges(request, productTagsOf(order));
    return { message: ORDER_CANCEL_DONE, order };
  });

  app.delete('/:id', { schema: { params: idParams, response: { 200: orderDeletedSchema } } }, async (request) => {
    await deleteOrder(dbFor(request), userOf(request), request.params.id);
    return { message: ORDER_DELETED };
  });

  // The buyer is told by mail when this update ticks paid or delivered.
  app.put(
    '/:id/update',
    { schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } } },
    async (request) => {
      const update = await updateOrderStatusWithChanges(
        dbFor(request),
        userOf(request),
        request.params.id,
        request.body,
        requestLanguage(request),
      );
      if (update.becamePaid || update.becameDelivered) {
        mailAboutOrder(deps, request.log, update.order._id, ({ buyer }, context) => [
          ...(update.becamePaid ? [orderPaidMail(buyer, context)] : []),
          ...(update.becameDelivered ? [orderDeliveredMail(buyer, context)] : []),
        ]);
      }
      return update.order;
    },
  );

  app.post(
    '/:id/paypal',
    { schema: { params: idParams, response: { 200: paypalPaymentStartSchema } } },
    async (request) => startPaypalPayment(dbFor(request), paypal, userOf(request), request.params.id, holdMinutes),
  );

  // The spec writes this path with a trailing slash; both spellings are served (once, if the
  // router already ignores trailing slashes).
  const { routerOptions, ignoreTrailingSlash } = app.initialConfig;
  const slashIgnored = routerOptions?.ignoreTrailingSlash ?? ignoreTrailingSlash ?? false;
  for (const path of slashIgnored ? ['/:id/pay'] : ['/:id/pay', '/:id/pay/']) {
    app.put(
      path,
      { schema: { params: idParams, body: paypalPaymentResultSchema, response: { 200: orderSchema } } },
      async (request) => {
        const db = dbFor(request);
        const user = userOf(request);
        // A capture that paid nothing: refunded at once (a failure is retried by the refund sweep,
        // routes/payments), and the buyer is told by mail in the language of this request.
        const refundDue: RefundDue = async ({ capture, order }) => {
          if (paypal) {
            await refundIfDue(db, paypal, capture.captureId).catch((err: unknown) =>
              request.log.error({ err, captureId: capture.captureId }, 'PayPal refund not sent'),
            );
          }
          const reason = capture.outcome;
          if (reason === 'paid') return;
          const language = requestLanguage(request);
          // The link leads to the site the order was placed on, as the order's other mails do.
          mailAboutOrder(deps, request.log, order.id, (parties) => [
            paymentRefundMail(
              {
                buyer: { name: user.name, email: user.email },
                order: { id: order.id, orderNumber: formatOrderNumber(order.number), sellerName: order.sellerName },
                amountOre: capture.amountOre,
                currency: capture.currency,
                reason,
              },
              orderLinkOrigin(deps.config, parties.shopDomain),
              language,
            ),
          ]);
        };
        // The buyer paid, so no seller's tick tells them: the capture that paid the order sends the
        // same paid mail a Swish order gets when its seller marks it paid. The buyer is this
        // request's user and the order was just read, so the mail needs no read of its own.
        const paidNow = (order: OrderRow) =>
          mailBuyerAboutOrder(deps, request.log, order, user, (buyer, context) => [orderPaidMail(buyer, context)]);
        return payWithPaypal(db, paypal, user, request.params.id, request.body.id, refundDue, paidNow);
      },
    );
  }
};
