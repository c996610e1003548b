/**
 * /api/seller-applications, for admins: the queue of pending applications, oldest first, with
 * every field the applicant gave (a page of 20 with `?page=`, with the page, pages and count;
 * every one without); and the decision on one, with a reason (required to reject), mailed to the
 * applicant in their application's language.
 */
import {
  applicationDecisionAnswerSchema,
  pendingSellerApplicationListSchema,
  pendingSellerApplicationSchema,
} from '@torget/shared/schemas/answers/seller-applications';
import {
  applicationDecisionSchema,
  applicationListQuerySchema,
  applicationParamsSchema,
} from '@torget/shared/schemas/seller-applications';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { sellerApplicationMail } from '#api/mails/seller-application-mail.ts';
import {
  decideApplication,
  listPendingApplications,
  pagePendingApplications,
} from '#api/modules/sellers/seller-applications.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

export const adminApplicationRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: applicationListQuerySchema,
        // Without `page`, every pending application; with it, one page and the counts.
        response: { 200: z.union([z.array(pendingSellerApplicationSchema), pendingSellerApplicationListSchema]) },
      },
    },
    async (request) => {
      const { page } = request.query;
      return page === undefined
        ? listPendingApplications(deps.database.reader)
        : pagePendingApplications(deps.database.reader, page);
    },
  );

  app.put(
    '/:userId',
    {
      schema: {
        params: applicationParamsSchema,
        body: applicationDecisionSchema,
        response: { 200: applicationDecisionAnswerSchema },
      },
    },
    async (request) => {
      const decision = request.body;
      // A rejection changes nothing anyone else sees: an applicant's shop is shown nowhere. An
      // approval opens the shop, as the user edit's toggle does, and like it declares nothing:
      // every cached answer is dropped (the storefront, the top sellers, its products' lists).
      if (!decision.approved) declareChanges(request, []);
      const decided = await decideApplication(dbFor(request), userOf(request).id, request.params.userId, decision);
      const mail = sellerApplicationMail(decision, decided.applicant, mailLinkOrigin(deps.config), decided.language);
      sendInBackground(deps.mailer, mail, request.log);
      return decision.approved
        ? { _id: decided.applicant._id, decision: 'approved' as const, message: 'Application approved.' }
        : { _id: decided.applicant._id, decision: 'rejected' as const, message: 'Application rejected.' };
    },
  );
};
