/**
 * /api/payments, for admins: every PayPal capture the server booked, and a retry of a refund that
 * PayPal has not accepted yet. This plugin also runs the refund sweep of every instance, which
 * retries due refunds until PayPal accepts them (modules/payments/paypal-captures.service.ts).
 */
import { paypalCapturePageSchema, paypalCaptureRecordSchema } from '@torget/shared/schemas/answers/payments';
import { z } from 'zod';
import { dbFor } from '#api/lib/cache-changes.ts';
import { HttpError, notFound } from '#api/lib/http-errors.ts';
import { pageNumberSchema, pageRequest, setPageHeaders } from '#api/lib/paging.ts';
import {
  captureById,
  captureRecordJson,
  listCaptures,
  refundIfDue,
  startRefundSweep,
} from '#api/modules/payments/paypal-captures.service.ts';
import { paypalClientFor } from '#api/modules/payments/paypal-client.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

const listQuery = z.object({
  state: z
    .enum(['unrefunded', 'refunded', 'all'], { message: 'state must be unrefunded, refunded or all.' })
    .default('all'),
  pageNumber: pageNumberSchema,
});
const captureParams = z.object({
  captureId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'captureId must be a PayPal capture id (letters, digits and dashes).'),
});

export const CAPTURE_NOT_FOUND = 'PayPal capture not found.';
export const NOTHING_TO_REFUND = 'This capture has nothing left to refund.';

export const adminPaymentRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const paypal = paypalClientFor(deps.config.paypal);
  if (paypal) {
    // Every instance sweeps; claiming a refund first keeps two from calling PayPal for it, and
    // the refund's PayPal-Request-Id makes PayPal refund once even if they do.
    const stopSweep = startRefundSweep(paypal, app.log, app.backgroundChanges);
    app.addHook('onClose', stopSweep);
  }

  app.get(
    '/captures',
    { schema: { querystring: listQuery, response: { 200: paypalCapturePageSchema } } },
    async (request, reply) => {
      const page = pageRequest(request.query.pageNumber);
      const { rows, total } = await listCaptures(db, request.query.state, page);
      setPageHeaders(request, reply, page, total);
      return rows.map(captureRecordJson);
    },
  );

  app.post(
    '/captures/:captureId/refund',
    { schema: { params: captureParams, response: { 200: paypalCaptureRecordSchema } } },
    async (request) => {
      const { captureId } = request.params;
      const writer = dbFor(request);
      const capture = await captureById(writer, captureId);
      if (!capture) throw notFound(CAPTURE_NOT_FOUND);
      if (capture.refundState !== 'due') throw new HttpError(409, NOTHING_TO_REFUND);
      if (!paypal) throw new HttpError(503, 'PayPal is not configured on this server.');
      await refundIfDue(writer, paypal, captureId, true);
      const after = await captureById(writer, captureId);
      if (!after) throw notFound(CAPTURE_NOT_FOUND);
      if (after.refundState === 'due') {
        throw new HttpError(502, `PayPal did not refund the capture: ${after.lastError ?? 'no answer'}`);
      }
      return captureRecordJson(after);
    },
  );
};
