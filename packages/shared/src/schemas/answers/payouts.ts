/** Payout accounts and payout batches. */
import { z } from 'zod';
import { PAYOUT_ACCOUNT_TYPES } from '../../rules/payout-account';

export const maskedPayoutAccountSchema = z
  .strictObject({
    type: z.enum(PAYOUT_ACCOUNT_TYPES),
    masked: z.string().describe('The last four characters of the number, behind dots.'),
    bankName: z.string().nullable().describe('The bank of a Swedish clearing number; null for Bankgiro and IBAN.'),
    changedAt: z.string().describe('When it was last set to another account.'),
  })
  .meta({
    id: 'MaskedPayoutAccount',
    description: "A seller's payout account as anyone but the payout batch sees it: masked, `•••• 1234`.",
  });

export const payoutAccountAnswerSchema = z
  .strictObject({
    account: maskedPayoutAccountSchema.nullable(),
    payoutHeldUntil: z.string().nullable().describe("While a new account's 3-day hold runs, when it ends; else null."),
  })
  .meta({
    id: 'PayoutAccountAnswer',
    description: 'GET and PUT /api/users/payout-account (the seller), GET /api/users/{id}/payout-account (admin).',
  });

export const payoutLineSchema = z
  .strictObject({
    _id: z.string(),
    seller: z.string(),
    name: z.string().describe("The shop's name, the payee."),
    amount: z.number(),
    account: maskedPayoutAccountSchema
      .nullable()
      .describe('The payout account, masked (`•••• 1234`); the whole number is only in the bank file.'),
    orders: z
      .array(z.strictObject({ _id: z.string(), orderNumber: z.string() }))
      .describe('The orders whose money the payment releases, by number (`T-100001`).'),
  })
  .meta({
    id: 'PayoutLine',
    description: "One seller's payment in a payout batch (GET /api/payouts/{id}); amounts in SEK.",
  });

export const payoutBatchSchema = z
  .strictObject({
    _id: z.string(),
    number: z.number().int(),
    reference: z.string().describe('The bank reference of every line: `Torget T-<number>`.'),
    total: z.number(),
    minimum: z.number(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    lines: z.array(payoutLineSchema),
  })
  .meta({
    id: 'PayoutBatch',
    description: 'A payout batch: its lines, and whether it has been marked sent (the ledger books it then).',
  });
