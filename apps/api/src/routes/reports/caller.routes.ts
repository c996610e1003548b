/**
 * POST /api/reports, for everyone: a report of a product or a shop (DSA art. 16). Signed out, the
 * reporter gives an e-mail for the outcome; signed in, their account's is used. Rate limited per
 * account, or per address when signed out (RATE_LIMIT_REPORTS).
 */
import { reportReceivedSchema } from '@torget/shared/schemas/answers/reports';
import { REPORT_EMAIL_REQUIRED, reportNeedsEmail, reportSchema } from '@torget/shared/schemas/reports';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { fileReport } from '#api/modules/reports/reports.service.ts';
import { callerOf, type RoutePlugin } from '#api/routes/audiences.ts';

export const callerReportRoutes: RoutePlugin = async (app, { deps }) => {
  const reportsLimit = createLimiter(app, 'reports', deps.rateLimits);

  app.post('/', { schema: { body: reportSchema, response: { 201: reportReceivedSchema } } }, async (request, reply) => {
    // A report changes nothing anyone sees until an admin decides it.
    declareChanges(request, []);
    const caller = callerOf(request);
    if (reportNeedsEmail(request.body, caller !== null)) throw badRequest(REPORT_EMAIL_REQUIRED);
    if (caller) await reportsLimit.hit(request, `account:${caller.id}`);
    else await reportsLimit.hitAddress(request);
    const filed = await fileReport(dbFor(request), caller, request.body, requestLanguage(request));
    return reply.status(201).send({ _id: filed._id, message: 'Report received.' });
  });
};
