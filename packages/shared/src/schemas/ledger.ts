/**
 * The payloads and queries of /api/ledger* and /api/fees, built on the ledger rules
 * (rules/ledger.ts). Amounts are SEK with at most two decimals, as everywhere in the API;
 * percents have at most two decimals (whole basis points).
 */
import { z } from 'zod';
import {
  CORRECTION_NOTE_MAX,
  isLedgerMonth,
  MAX_CORRECTION_ORE,
  MAX_YEARLY_FEE_ORE,
  percentToBp,
} from '../rules/ledger';
import { ORE_PER_SEK, sekToOre } from '../rules/money';
import { parseOrderNumber } from '../rules/order-number';
import { normaliseSwishNumber } from '../rules/sweden';
import { idSchema } from './product-query';

/** Whether a number has at most two decimals (checked in öre, so 0.29 passes). */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An empty query value means "not given". */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const ledgerMonthSchema = z
  .string({ message: 'month must be YYYY-MM.' })
  .trim()
  .refine(isLedgerMonth, 'month must be YYYY-MM.');

/** GET /api/ledger/mine?month=YYYY-MM (the current month when left out). */
export const ledgerMineQuerySchema = z.object({
  month: z.preprocess(emptyAsAbsent, ledgerMonthSchema.optional()),
});

/** An order by its id, or by its number as people quote it (`T-100001`). */
const orderRefSchema = z.union([
  idSchema,
  z
    .string()
    .trim()
    .refine((text) => parseOrderNumber(text) !== null, 'order must be an order id or number (T-100001).'),
]);

/** GET /api/ledger?seller=&order=&month=: any of the three, each narrowing the entries. */
export const ledgerQuerySchema = z.object({
  seller: z.preprocess(emptyAsAbsent, idSchema.optional()),
  order: z.preprocess(emptyAsAbsent, orderRefSchema.optional()),
  month: z.preprocess(emptyAsAbsent, ledgerMonthSchema.optional()),
});

/** POST /api/ledger/corrections: a signed amount in SEK (not 0) and why. */
export const ledgerCorrectionSchema = z.object({
  seller: z.string({ message: 'seller is required.' }).pipe(idSchema),
  amount: z
    .number({ message: 'amount must be a number (SEK).' })
    .min(-MAX_CORRECTION_ORE / ORE_PER_SEK, `amount must be at least ${-MAX_CORRECTION_ORE / ORE_PER_SEK}.`)
    .max(MAX_CORRECTION_ORE / ORE_PER_SEK, `amount must be at most ${MAX_CORRECTION_ORE / ORE_PER_SEK}.`)
    .refine(twoDecimals, 'amount must have at most two decimals.')
    .refine((value) => sekToOre(value) !== 0, 'amount must not be 0.'),
  note: z
    .string({ message: 'note is required.' })
    .trim()
    .min(1, 'note is required: say why the correction is made.')
    .max(CORRECTION_NOTE_MAX, `note must be at most ${CORRECTION_NOTE_MAX} characters.`),
});
export type LedgerCorrectionInput = z.infer<typeof ledgerCorrectionSchema>;

/**
 * The Idempotency-Key header of a correction: a retried request with the same key books once.
 * Optional; 1–100 visible ASCII characters (a UUID, say).
 */
export const idempotencyKeySchema = z
  .string({ message: 'Idempotency-Key must be a single text value.' })
  .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key must be 1 to 100 visible ASCII characters.')
  .optional();

const planFeesSchema = z
  .object({
    commission_percent: z
      .number({ message: 'commission_percent must be a number.' })
      .min(0, 'commission_percent must be at least 0.')
      .max(100, 'commission_percent must be at most 100.')
      .refine(twoDecimals, 'commission_percent must have at most two decimals.')
      .optional(),
    yearly_fee: z
      .number({ message: 'yearly_fee must be a number (SEK).' })
      .min(0, 'yearly_fee must be at least 0.')
      .max(MAX_YEARLY_FEE_ORE / ORE_PER_SEK, `yearly_fee must be at most ${MAX_YEARLY_FEE_ORE / ORE_PER_SEK}.`)
      .refine(twoDecimals, 'yearly_fee must have at most two decimals.')
      .optional(),
  })
  .strict();

/** The marketplace's Swish number: ten digits (spaces and dashes allowed), or '' for none. */
const marketplaceSwishNumberSchema = z
  .string({ message: 'swish_number must be text.' })
  .trim()
  .max(20, 'swish_number must be at most 20 characters.')
  .transform((value, ctx) => {
    if (value === '') return '';
    const normalised = normaliseSwishNumber(value);
    if (!normalised) ctx.addIssue({ code: 'custom', message: 'A Swish number has ten digits.' });
    return normalised ?? value;
  });

/**
 * PUT /api/fees: any plan's commission percent and yearly fee, and the marketplace's Swish
 * number; what is left out stays.
 */
export const feeSettingsUpdateSchema = z.object({
  plans: z
    .object({ '1': planFeesSchema.optional(), '2': planFeesSchema.optional(), '3': planFeesSchema.optional() })
    .strict(),
  swish_number: marketplaceSwishNumberSchema.optional(),
});

/** GET /api/ledger/earnings?year=YYYY: one calendar year's months, or every month when left out. */
export const ledgerEarningsQuerySchema = z.object({
  year: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ message: 'year must be a number.' })
      .int('year must be a whole number.')
      .min(2000, 'year must be 2000 or later.')
      .max(2100, 'year must be 2100 or earlier.')
      .optional(),
  ),
});

/** POST /api/ledger/payment-requests: ask a seller who owes the marketplace to pay by Swish. */
export const paymentRequestCreateSchema = z.object({
  seller: z.string({ message: 'seller is required.' }).pipe(idSchema),
});
export type FeeSettingsUpdateInput = z.infer<typeof feeSettingsUpdateSchema>;

/** A plan's fees from the form, in basis points and öre. */
export function planFeesChange(input: { commission_percent?: number | undefined; yearly_fee?: number | undefined }): {
  commissionBp?: number;
  yearlyFeeOre?: number;
} {
  return {
    ...(input.commission_percent === undefined ? {} : { commissionBp: percentToBp(input.commission_percent) }),
    ...(input.yearly_fee === undefined ? {} : { yearlyFeeOre: sekToOre(input.yearly_fee) }),
  };
}
