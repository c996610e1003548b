/**
 * /api/reports: a report of a product or a shop (anyone; an e-mail when signed out), the admin's
 * queue and the decision on one (rules/reports.ts).
 */
import { z } from 'zod';
import {
  REPORT_CATEGORIES,
  REPORT_DECISIONS,
  REPORT_EMAIL_REQUIRED,
  REPORT_REASON_MAX,
  REPORT_REASON_REQUIRED,
  REPORT_STATUSES,
  REPORT_TARGET_REQUIRED,
  REPORT_TEXT_MAX,
  REPORT_TEXT_MIN,
} from '../rules/reports';
import { emailSchema } from './accounts';

const uuid = (what: string) => z.uuid({ message: `${what} must be an id.` });

/** POST /api/reports. Whether an e-mail is needed depends on the caller: `reportNeedsEmail`. */
export const reportSchema = z
  .object({
    product: uuid('product').optional(),
    seller: uuid('seller').optional(),
    category: z.enum(REPORT_CATEGORIES, { message: `category must be one of ${REPORT_CATEGORIES.join(', ')}.` }),
    text: z
      .string({ message: 'Describe what is wrong.' })
      .trim()
      .min(REPORT_TEXT_MIN, `Describe what is wrong in at least ${REPORT_TEXT_MIN} characters.`)
      .max(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters.`),
    email: emailSchema.optional(),
  })
  .superRefine((report, ctx) => {
    if ((report.product === undefined) === (report.seller === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['product'], message: REPORT_TARGET_REQUIRED });
    }
  });
export type ReportInput = z.infer<typeof reportSchema>;

/** A signed-out reporter gives an e-mail: the outcome is sent there. */
export function reportNeedsEmail(report: Pick<ReportInput, 'email'>, signedIn: boolean): boolean {
  return !signedIn && report.email === undefined;
}
export { REPORT_EMAIL_REQUIRED };

/** PUT /api/reports/{id}. */
export const reportDecisionSchema = z.object({
  decision: z.enum(REPORT_DECISIONS, { message: 'decision must be keep or remove.' }),
  reason: z
    .string({ message: REPORT_REASON_REQUIRED })
    .trim()
    .min(1, REPORT_REASON_REQUIRED)
    .max(REPORT_REASON_MAX, `At most ${REPORT_REASON_MAX} characters.`),
});
export type ReportDecisionInput = z.infer<typeof reportDecisionSchema>;

/** GET /api/reports: open (the queue, oldest first) or decided (the history, newest first). */
export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { message: 'status must be open or decided.' }).default('open'),
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(1_000_000, 'page is too large.')
    .default(1),
});

export const reportParamsSchema = z.object({ id: z.string() });
