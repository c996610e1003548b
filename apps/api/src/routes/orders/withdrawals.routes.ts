/**
 * /api/orders, for anyone signed in: the buyer's withdrawal from an order and its decision by the
 * order's seller or an admin, and the lists of withdrawals (a seller's returns, the admins' overdue
 * ones). Who may do what is the service's rule (docs/decisions/235-withdrawals.md); to anyone who
 * may not see the order it does not exist (404).
 */
import { withdrawalPageSchema } from '@torget/shared/schemas/answers/after-sale';
import { withdrawalDecidedSchema, withdrawalReceivedSchema } from '@torget/shared/schemas/answers/orders';
import {
  createWithdrawalSchema,
  decideWithdrawalSchema,
  withdrawalListQuerySchema,
} from '@torget/shared/schemas/withdrawals';
import { z } from 'zod';
import { dbFor, declareChanges, stockChangeTags } from '#api/lib/cache-changes.ts';
import { pageNumberSchema, pageRequest, setPageHeaders } from '#api/lib/paging.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import {
  withdrawalConfirmationMail,
  withdrawalDecisionMail,
  withdrawalNoticeMail,
} from '#api/mails/withdrawal-mails.ts';
import { paypalClientFor } from '#api/modules/payments/paypal-client.ts';
import { refundOrder } from '#api/modules/refunds/refunds.service.ts';
import {
  decideWithdrawal,
  listWithdrawals,
  requestWithdrawal,
  type WithdrawalRefunder,
} from '#api/modules/withdrawals/withdrawals.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailAboutOrder } from './order-mail-sender';

const idParams = z.object({ id: z.string() });
const decisionParams = z.object({ id: z.string(), wid: z.string() });
const listQuery = withdrawalListQuerySchema.extend({ pageNumber: pageNumberSchema });

export const WITHDRAWAL_RECEIVED = 'Your withdrawal was received.';
export const WITHDRAWAL_DECIDED_MESSAGE = 'The withdrawal was decided.';

export const withdrawalRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  // One client for the app's life, so its access token is reused until it expires.
  const paypal = paypalClientFor(deps.config.paypal);
  // Accepting with an amount refunds through the refund service, in the decision's transaction:
  // capped at what is left of the payment, booked to the ledger, refunded through PayPal or
  // recorded for Swish; a refusal there leaves the withdrawal undecided.
  const refund: WithdrawalRefunder = async (tx, wanted) => {
    await refundOrder(tx, wanted, paypal);
  };

  // Registered beside '/:id'; the router prefers the static path.
  app.get(
    '/withdrawals',
    { schema: { querystring: listQuery, response: { 200: withdrawalPageSchema } } },
    async (request, reply) => {
      const page = pageRequest(request.query.pageNumber);
      const { rows, total } = await listWithdrawals(db, userOf(request), request.query.overdue, page);
      setPageHeaders(request, reply, page, total);
      return rows;
    },
  );

  app.post(
    '/:id/withdrawals',
    { schema: { params: idParams, body: createWithdrawalSchema, response: { 201: withdrawalReceivedSchema } } },
    async (request, reply) => {
      // A withdrawal shows on the order only, which no cache keeps; stock moves when it is accepted.
      declareChanges(request, []);
      const made = await requestWithdrawal(
        dbFor(request),
        userOf(request),
        request.params.id,
        request.body,
        new Date(),
      );
      const buyerName = userOf(request).name;
      mailAboutOrder(deps, request.log, made.order._id, ({ buyer, seller }, context) => [
        withdrawalConfirmationMail(buyer, context, made.withdrawal),
        withdrawalNoticeMail(
          { name: seller.shopName, email: seller.email, language: seller.language },
          context,
          buyerName,
          made.withdrawal,
        ),
      ]);
      return reply.status(201).send({ message: WITHDRAWAL_RECEIVED, ...made });
    },
  );

  app.put(
    '/:id/withdrawals/:wid',
    { schema: { params: decisionParams, body: decideWithdrawalSchema, response: { 200: withdrawalDecidedSchema } } },
    async (request) => {
      // Nothing cached changes unless stock goes back; then the products' pages and lists do.
      declareChanges(request, []);
      const decided = await decideWithdrawal(
        dbFor(request),
        userOf(request),
        request.params.id,
        request.params.wid,
        request.body,
        refund,
        requestLanguage(request),
      );
      declareChanges(request, stockChangeTags(decided.restockedProducts));
      mailAboutOrder(deps, request.log, decided.order._id, ({ buyer }, context) => [
        withdrawalDecisionMail(buyer, context, decided.withdrawal),
      ]);
      const { restockedProducts: _changed, ...answer } = decided;
      return { message: WITHDRAWAL_DECIDED_MESSAGE, ...answer };
    },
  );
};
