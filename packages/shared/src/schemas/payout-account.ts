/**
 * PUT /api/users/payout-account: the seller's payout account, checked by the payout account rule
 * (rules/payout-account.ts) so the form and the API refuse the same input with the same message,
 * by the field.
 */
import { z } from 'zod';
import {
  checkPayoutAccount,
  PAYOUT_ACCOUNT_TYPES,
  PAYOUT_FIELD_MAX,
  PAYOUT_MESSAGES,
  type PayoutAccountDetails,
} from '../rules/payout-account';

const field = (max: number) => z.string().max(max, `At most ${max} characters.`).optional();

export const payoutAccountInputSchema = z.object({
  type: z.enum(PAYOUT_ACCOUNT_TYPES, { error: PAYOUT_MESSAGES.typeRequired }),
  clearingNumber: field(PAYOUT_FIELD_MAX.clearingNumber),
  accountNumber: field(PAYOUT_FIELD_MAX.accountNumber),
  bankgiro: field(PAYOUT_FIELD_MAX.bankgiro),
  iban: field(PAYOUT_FIELD_MAX.iban),
  bic: field(PAYOUT_FIELD_MAX.bic),
});

/** The form's payload, checked: each wrong field gets its own issue, at its own path. */
export const payoutAccountSchema = payoutAccountInputSchema.transform((input, ctx): PayoutAccountDetails => {
  const checked = checkPayoutAccount(input);
  if (checked.ok) return checked.account;
  for (const error of checked.errors) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
  return z.NEVER;
});

export type PayoutAccountUpdate = z.input<typeof payoutAccountSchema>;
