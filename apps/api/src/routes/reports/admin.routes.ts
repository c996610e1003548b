/**
 * /api/reports, for admins: the moderation queue (open, oldest first) and its history (decided,
 * newest first), and the decision on one report: keep, or remove the listing (the product, or
 * every product of a reported shop) with a statement of reasons mailed to the seller; the
 * reporter is told the outcome (docs/decisions/243-hidden-and-removed-products.md).
 */
import { moderationReportListSchema, reportDecisionAnswerSchema } from '@torget/shared/schemas/answers/reports';
import { reportDecisionSchema, reportListQuerySchema, reportParamsSchema } from '@torget/shared/schemas/reports';
import { dbFor, declareChanges, productEditTags } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { ALL_TAGS } from '#api/lib/read-cache.ts';
import { reportOutcomeMail, statementOfReasonsMail } from '#api/mails/report-mails.ts';
import { decideReport, listReports } from '#api/modules/reports/reports.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

export const adminReportRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/',
    { schema: { querystring: reportListQuerySchema, response: { 200: moderationReportListSchema } } },
    async (request, reply) => {
      // Reporters' e-mails: nobody's shared cache keeps them.
      void reply.header('cache-control', 'no-store');
      return listReports(deps.database.reader, request.query.status, request.query.page);
    },
  );

  app.put(
    '/:id',
    {
      schema: { params: reportParamsSchema, body: reportDecisionSchema, response: { 200: reportDecisionAnswerSchema } },
    },
    async (request) => {
      // Kept, nothing anyone sees changes; removed, each removed product's page and the lists that
      // could hold it (as an edit that takes it off sale), declared below. A shop's removal names
      // every product of the shop: it declares nothing and so drops every cached answer.
      declareChanges(request, []);
      const decided = await decideReport(dbFor(request), userOf(request).id, request.params.id, request.body);
      if (decided.shopReport && decided.removed.length > 0) {
        declareChanges(request, [ALL_TAGS]);
      } else {
        for (const product of decided.removed) declareChanges(request, productEditTags(product.before, product.after));
      }
      const origin = mailLinkOrigin(deps.config);
      if (decided.decision === 'remove' && decided.removed.length > 0) {
        const facts = {
          category: decided.category,
          reason: decided.reason,
          productNames: decided.removed.map((product) => product.name),
          shopReport: decided.shopReport,
          siteOrigin: origin,
        };
        sendInBackground(deps.mailer, statementOfReasonsMail(decided.seller, facts), request.log);
      }
      if (decided.reporterEmail) {
        const reported = decided.productName ?? decided.seller.shopName ?? decided.seller.name;
        const outcome = { removed: decided.decision === 'remove', reported, language: decided.language };
        sendInBackground(deps.mailer, reportOutcomeMail(decided.reporterEmail, outcome), request.log);
      }
      return {
        _id: request.params.id,
        decision: decided.decision,
        removed: decided.removed.length,
        message: decided.decision === 'remove' ? 'Listing removed.' : 'Report decided: kept.',
      };
    },
  );
};
