/**
 * /api/ledger/mine: a seller's balance, held money, a month's entries and their open payment
 * request; the month's statement as CSV. Never another seller's.
 */
import { statementCsv } from '@torget/shared/rules/ledger-statement';
import { ledgerStatementSchema } from '@torget/shared/schemas/answers/ledger';
import { ledgerMineQuerySchema } from '@torget/shared/schemas/ledger';
import { z } from 'zod';
import { currentMonth, sellerStatement, statementRows } from '#api/modules/ledger/ledger.service.ts';
import { openPaymentRequest } from '#api/modules/ledger/payment-requests.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const sellerLedgerRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;

  app.get(
    '/mine',
    { schema: { querystring: ledgerMineQuerySchema, response: { 200: ledgerStatementSchema } } },
    async (request) => {
      const sellerId = userOf(request).id;
      const statement = await sellerStatement(db, sellerId, request.query.month);
      return { ...statement, paymentRequest: await openPaymentRequest(db, sellerId) };
    },
  );

  // The month's statement (current month when left out) as a spreadsheet-safe CSV file.
  const csvAnswer = { 200: { content: { 'text/csv': { schema: z.string() } } } };
  app.get(
    '/mine/statement.csv',
    { schema: { querystring: ledgerMineQuerySchema, response: csvAnswer } },
    async (request, reply) => {
      const month = request.query.month ?? currentMonth();
      const statement = await sellerStatement(db, userOf(request).id, month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="torget-statement-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(statementRows(statement)));
    },
  );
};
