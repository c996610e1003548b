/** The payloads of /api/payouts: amounts are SEK with at most two decimals, as everywhere in the API. */
import { z } from 'zod';
import { ORE_PER_SEK, sekToOre } from '../rules/money';
import { PAYOUT_MINIMUM_MAX_ORE } from '../rules/payouts';

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** POST /api/payouts: optionally the minimum payable balance in SEK (default 100). */
export const payoutCreateSchema = z
  .object({
    minimum: z
      .number({ message: 'minimum must be a number (SEK).' })
      .min(0.01, 'minimum must be at least 0.01.')
      .max(PAYOUT_MINIMUM_MAX_ORE / ORE_PER_SEK, `minimum must be at most ${PAYOUT_MINIMUM_MAX_ORE / ORE_PER_SEK}.`)
      .refine(twoDecimals, 'minimum must have at most two decimals.')
      .optional(),
  })
  .strict();
export type PayoutCreateInput = z.infer<typeof payoutCreateSchema>;

export const minimumOre = (input: PayoutCreateInput | null | undefined): number | undefined =>
  input?.minimum === undefined ? undefined : sekToOre(input.minimum);
