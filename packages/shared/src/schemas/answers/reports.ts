/** The moderation of reports, and a removed product's statement of reasons (rules/reports.ts). */
import { z } from 'zod';
import { REPORT_CATEGORIES, REPORT_DECISIONS } from '../../rules/reports';

export const moderationReportSchema = z
  .strictObject({
    _id: z.string(),
    product: z
      .strictObject({ _id: z.string(), name: z.string(), removed: z.boolean() })
      .nullable()
      .describe('The reported product (null for a shop report, or once the product was deleted).'),
    seller: z
      .strictObject({ _id: z.string(), name: z.string(), shopName: z.string().nullable() })
      .describe("The reported shop, or the reported product's seller."),
    category: z.enum(REPORT_CATEGORIES),
    text: z.string(),
    reporterEmail: z.string().nullable().describe("The reporter's e-mail: their account's when signed in."),
    createdAt: z.string(),
    decision: z.enum(REPORT_DECISIONS).nullable().describe('Null while open.'),
    reason: z.string().nullable(),
    decidedBy: z.strictObject({ _id: z.string(), name: z.string() }).nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({
    id: 'ModerationReport',
    description: "One report in the admin's moderation queue or history (GET /api/reports).",
  });

export const moderationReportListSchema = z
  .strictObject({
    reports: z.array(moderationReportSchema),
    page: z.number().int(),
    pages: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'ModerationReportList', description: 'GET /api/reports: a page of the moderation queue or history.' });

export const productRemovalSchema = z
  .strictObject({
    category: z.enum(REPORT_CATEGORIES),
    reason: z.string(),
    decidedAt: z.string(),
  })
  .meta({
    id: 'ProductRemoval',
    description: "A seller's product removed by moderation: the statement of reasons (GET /api/products/{id}/removal).",
  });

export const reportReceivedSchema = z
  .strictObject({
    _id: z.string(),
    message: z.string().describe("'Report received.'"),
  })
  .meta({ id: 'ReportReceived', description: 'POST /api/reports: the report filed, waiting for an admin.' });

export const reportDecisionAnswerSchema = z
  .strictObject({
    _id: z.string(),
    decision: z.enum(REPORT_DECISIONS),
    removed: z.number().int().describe('How many products were taken off sale (0 when kept).'),
    message: z.string().describe("'Listing removed.' or 'Report decided: kept.'"),
  })
  .meta({
    id: 'ReportDecisionAnswer',
    description: 'PUT /api/reports/{id}: the decision taken on a report, and how many products it removed.',
  });
