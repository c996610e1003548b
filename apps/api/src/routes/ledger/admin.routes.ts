/**
 * /api/ledger, for admins: every seller's balance, the marketplace's earnings by month, entries
 * by seller, order and month, a correction with its note, and payment requests to sellers who
 * owe the marketplace (made, listed, marked received). This plugin also runs each instance's sweep of yearly plan fees
 * (modules/ledger/ledger-bookings.ts), which books each year once however many instances sweep.
 */
import { sekToOre } from '@torget/shared/rules/money';
import {
  ledgerEarningsMonthSchema,
  ledgerEntrySchema,
  ledgerSellerBalanceSchema,
  sellerPaymentRequestSchema,
} from '@torget/shared/schemas/answers/ledger';
import {
  idempotencyKeySchema,
  ledgerCorrectionSchema,
  ledgerEarningsQuerySchema,
  ledgerQuerySchema,
  paymentRequestCreateSchema,
} from '@torget/shared/schemas/ledger';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { pageNumberSchema, pageRequest, setPageHeaders } from '#api/lib/paging.ts';
import { addCorrection, earningsByMonth, listEntries, sellerBalances } from '#api/modules/ledger/ledger.service.ts';
import { startPlanFeeSweep } from '#api/modules/ledger/ledger-bookings.ts';
import {
  createPaymentRequest,
  listPaymentRequests,
  markPaymentReceived,
} from '#api/modules/ledger/payment-requests.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const adminLedgerRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const stopSweep = startPlanFeeSweep(app.backgroundChanges, app.log);
  app.addHook('onClose', stopSweep);

  app.get('/sellers', { schema: { response: { 200: z.array(ledgerSellerBalanceSchema) } } }, async () =>
    sellerBalances(db),
  );

  app.get(
    '/earnings',
    { schema: { querystring: ledgerEarningsQuerySchema, response: { 200: z.array(ledgerEarningsMonthSchema) } } },
    async (request) => earningsByMonth(db, request.query.year),
  );

  // Paged (lib/paging.ts): a JSON array, with X-Total-Count and Link headers.
  const listQuery = ledgerQuerySchema.extend({ pageNumber: pageNumberSchema });
  app.get(
    '/',
    { schema: { querystring: listQuery, response: { 200: z.array(ledgerEntrySchema) } } },
    async (request, reply) => {
      const page = pageRequest(request.query.pageNumber);
      const { rows, total } = await listEntries(db, request.query, page);
      setPageHeaders(request, reply, page, total);
      return rows;
    },
  );

  app.post(
    '/corrections',
    { schema: { body: ledgerCorrectionSchema, response: { 201: ledgerEntrySchema } } },
    async (request, reply) => {
      const { seller, amount, note } = request.body;
      const key = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw badRequest(`Invalid Idempotency-Key: ${key.error.issues[0]?.message ?? ''}`);
      const idempotencyKey = key.data;
      // No cached answer shows the ledger.
      declareChanges(request, []);
      const entry = await addCorrection(dbFor(request), userOf(request).id, {
        seller,
        amountOre: sekToOre(amount),
        note,
        idempotencyKey,
      });
      return reply.status(201).send(entry);
    },
  );

  app.get('/payment-requests', { schema: { response: { 200: z.array(sellerPaymentRequestSchema) } } }, async () =>
    listPaymentRequests(db),
  );

  app.post(
    '/payment-requests',
    { schema: { body: paymentRequestCreateSchema, response: { 201: sellerPaymentRequestSchema } } },
    async (request, reply) => {
      // No cached answer shows the ledger or its requests.
      declareChanges(request, []);
      const made = await createPaymentRequest(dbFor(request), userOf(request).id, request.body.seller);
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/payment-requests/:id/received',
    { schema: { params: z.object({ id: z.string() }), response: { 200: sellerPaymentRequestSchema } } },
    async (request) => {
      declareChanges(request, []);
      return markPaymentReceived(dbFor(request), userOf(request).id, request.params.id);
    },
  );
};
