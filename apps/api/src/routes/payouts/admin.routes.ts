/**
 * /api/payouts, for admins: make a batch of every seller who may be paid now, read it, download
 * it as the bank's bulk payment file, and mark it sent (which books the payouts in the ledger and
 * mails each seller).
 */
import { csvText } from '@torget/shared/rules/payouts';
import { payoutBatchSchema } from '@torget/shared/schemas/answers/payouts';
import { minimumOre, payoutCreateSchema } from '@torget/shared/schemas/payouts';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { payoutSentMail } from '#api/mails/payout-sent-mail.ts';
import {
  createPayoutBatch,
  listPayoutBatches,
  markPayoutSent,
  payoutFileRows,
  readPayoutBatch,
} from '#api/modules/payouts/payouts.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

const idParams = z.object({ id: z.string() });

/** The bank file's header row; the columns are described in the decision record. */
export const PAYOUT_FILE_HEADER = ['payee', 'account_type', 'account', 'bic', 'amount', 'reference'] as const;

export const adminPayoutRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;

  app.get('/', { schema: { response: { 200: z.array(payoutBatchSchema) } } }, async () => listPayoutBatches(db));

  // The body is optional: without it the default minimum (100 kr) applies.
  app.post(
    '/',
    { schema: { body: payoutCreateSchema.nullish(), response: { 201: payoutBatchSchema } } },
    async (request, reply) => {
      declareChanges(request, []);
      const batch = await createPayoutBatch(dbFor(request), userOf(request).id, minimumOre(request.body));
      return reply.status(201).send(batch);
    },
  );

  app.get('/:id', { schema: { params: idParams, response: { 200: payoutBatchSchema } } }, async (request) =>
    readPayoutBatch(db, request.params.id),
  );

  app.get(
    '/:id/file',
    { schema: { params: idParams, response: { 200: { content: { 'text/csv': { schema: z.string() } } } } } },
    async (request, reply) => {
      const { batch, rows } = await payoutFileRows(db, request.params.id);
      const csv = csvText([
        PAYOUT_FILE_HEADER,
        ...rows.map((row) => [row.payee, row.accountType, row.account, row.bic, row.amount, row.reference]),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="torget-payout-T-${batch.number}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // Mails go after the commit and never fail the request (sendInBackground logs a failure).
  app.put('/:id/sent', { schema: { params: idParams, response: { 200: payoutBatchSchema } } }, async (request) => {
    declareChanges(request, []);
    const { batch, lines } = await markPayoutSent(dbFor(request), request.params.id, userOf(request).id);
    const origin = mailLinkOrigin(deps.config);
    for (const line of lines) sendInBackground(deps.mailer, payoutSentMail(line, origin), request.log);
    return batch;
  });
};
