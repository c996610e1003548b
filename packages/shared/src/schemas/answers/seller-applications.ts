/** Seller applications: the admin's queue and the applicant's own state. */
import { z } from 'zod';
import { sellerProfileSchema } from './users';

export const applicationDecisionKindSchema = z.enum(['approved', 'rejected', 'revoked']).meta({
  id: 'ApplicationDecisionKind',
  description: "What an admin decided on a seller application ('revoked': a seller's shop taken away).",
});

export const applicationDecisionEntrySchema = z
  .strictObject({
    decision: applicationDecisionKindSchema,
    reason: z.string(),
    decided_at: z.string(),
  })
  .meta({
    id: 'ApplicationDecisionEntry',
    description: 'One decision on an application, as the admin queue and the applicant read it.',
  });

export const pendingSellerApplicationSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    applied_at: z.string(),
    language: z
      .enum(['sv', 'en'])
      .nullable()
      .describe('The UI language the application was sent in; null for one sent before it was recorded.'),
    seller: sellerProfileSchema,
    decisions: z.array(applicationDecisionEntrySchema),
  })
  .meta({
    id: 'PendingSellerApplication',
    description:
      'GET /api/seller-applications (admin): one pending application with every field the applicant gave, when it was sent, and the earlier decisions on this applicant (newest first).',
  });

export const pendingSellerApplicationListSchema = z
  .strictObject({
    applications: z.array(pendingSellerApplicationSchema),
    page: z.number().int(),
    pages: z.number().int(),
    count: z.number().int(),
  })
  .meta({
    id: 'PendingSellerApplicationList',
    description:
      'GET /api/seller-applications?page=N: a page of the queue (20 applications, oldest first), the page, the number of pages and the count of every pending application.',
  });

export const sellerApplicationStateSchema = z.enum(['none', 'pending', 'rejected', 'approved', 'closed']).meta({
  id: 'SellerApplicationState',
  description:
    "The applicant's state: 'none' (never applied), 'pending', 'rejected' (the latest decision, with its reason), 'approved' (a seller), 'closed' (a shop an admin took away).",
});

export const ownSellerApplicationSchema = z
  .strictObject({
    state: sellerApplicationStateSchema,
    decision: applicationDecisionEntrySchema.nullable().describe('The latest decision, if any.'),
  })
  .meta({
    id: 'OwnSellerApplication',
    description: "GET /api/seller-applications/mine: the signed-in user's application state and last decision.",
  });

export const applicationDecisionAnswerSchema = z
  .strictObject({
    _id: z.string().describe("The applicant's user id."),
    decision: z.enum(['approved', 'rejected']),
    message: z.string().describe("'Application approved.' or 'Application rejected.'"),
  })
  .meta({
    id: 'ApplicationDecisionAnswer',
    description: 'PUT /api/seller-applications/{userId}: the decision taken (the applicant is mailed it).',
  });
