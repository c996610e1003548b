/**
 * GET /api/seller-applications: `page` asks for one page of the queue (with its page, pages and
 * count); without it the answer is every pending application, as before pages.
 */
export const applicationListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(1_000_000, 'page is too large.')
    .optional(),
});

/**
 * PUT /api/seller-applications/{userId}: an admin's decision on a pending seller application. A
 * rejection needs its reason (the applicant is mailed it and reads it on /seller_application);
 * an approval may give one.
 */
import { z } from 'zod';
import { DECISION_REASON_MAX, REASON_REQUIRED } from '../rules/seller-applications';

export const applicationDecisionSchema = z
  .object({
    approved: z.boolean({ message: 'approved must be true or false.' }),
    reason: z
      .string({ message: 'reason must be a text.' })
      .trim()
      .max(DECISION_REASON_MAX, `At most ${DECISION_REASON_MAX} characters.`)
      .default(''),
  })
  .superRefine((decision, ctx) => {
    if (!decision.approved && decision.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    }
  });
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

/** The path's user id. */
export const applicationParamsSchema = z.object({ userId: z.string() });
