/**
 * POST /api/orders/{id}/refunds (docs/decisions/231-refunds.md): the amount in SEK with at most
 * two decimals, as everywhere in the API; optionally the lines it refunds, a note, and for a
 * Swish order the day the seller refunded from their Swish app.
 */
import { z } from 'zod';
import { isCalendarDate } from '../rules/dates';
import { REFUND_LINES_MAX, REFUND_NOTE_MAX } from '../rules/refunds';

/** Whether a number has at most two decimals (checked in öre, so 0.29 passes). */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Largest refund the API takes, in SEK (an order's total is far below). */
export const REFUND_MAX_SEK = 10_000_000;

export const refundLineSchema = z.object({
  product: z
    .string({ message: 'lines: product is required.' })
    .pipe(z.uuid({ message: 'lines: product must be a product id.' })),
  qty: z
    .number({ message: 'lines: qty must be a number.' })
    .int('lines: qty must be a whole number.')
    .min(1, 'lines: qty must be at least 1.')
    .max(10_000, 'lines: qty is too large.'),
});

export const refundOrderSchema = z.object({
  amount: z
    .number({ message: 'amount must be a number (SEK).' })
    .min(0.01, 'amount must be more than 0.')
    .max(REFUND_MAX_SEK, `amount must be at most ${REFUND_MAX_SEK}.`)
    .refine(twoDecimals, 'amount must have at most two decimals.'),
  lines: z
    .array(refundLineSchema, { message: 'lines must be a list of { product, qty }.' })
    .max(REFUND_LINES_MAX, `lines can name at most ${REFUND_LINES_MAX} lines.`)
    .refine((lines) => new Set(lines.map((l) => l.product)).size === lines.length, 'lines: a product is named twice.')
    .optional(),
  note: z
    .union([z.string({ message: 'note must be text.' }), z.null()])
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .refine((value) => value === null || value.length <= REFUND_NOTE_MAX, {
      message: `note must be at most ${REFUND_NOTE_MAX} characters.`,
    }),
  /** Swish: the day the seller refunded ('YYYY-MM-DD'); today when left out. Not taken for PayPal. */
  refunded_at: z
    .union([z.string({ message: 'refunded_at must be a date (YYYY-MM-DD).' }), z.null()])
    .optional()
    .transform((value) => (value == null || value.trim() === '' ? undefined : value.trim()))
    .refine(
      (value) => value === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)),
      'refunded_at must be a date (YYYY-MM-DD).',
    ),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;
