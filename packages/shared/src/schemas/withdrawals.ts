/**
 * The payloads of the buyer's withdrawal and its decision (docs/decisions/235-withdrawals.md):
 * POST /api/orders/{id}/withdrawals and PUT /api/orders/{id}/withdrawals/{wid}. Amounts are SEK
 * with at most two decimals, as everywhere in the API.
 */
import { z } from 'zod';
import { sekToOre } from '../rules/money';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from '../rules/orders';
import { WITHDRAWAL_REASON_MAX } from '../rules/withdrawals';

/** Whether a number has at most two decimals (checked in öre, so 0.29 passes). */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Largest refund the API takes, in SEK (an order's total is far below). */
const REFUND_MAX_SEK = 10_000_000;

export const withdrawalLineSchema = z.object({
  product: z.string({ message: 'product is required.' }).pipe(z.uuid({ message: 'product must be a product id.' })),
  qty: z
    .number({ message: 'qty must be a number.' })
    .int('qty must be a whole number.')
    .min(1, 'qty must be at least 1.')
    .max(MAX_LINE_QTY, `qty must be at most ${MAX_LINE_QTY}.`),
});

/** POST /api/orders/{id}/withdrawals: at least one line, each product once, and an optional reason. */
export const createWithdrawalSchema = z.object({
  lines: z
    .array(withdrawalLineSchema, { message: 'lines must be a list of { product, qty }.' })
    .min(1, 'lines must name at least one product.')
    .max(MAX_ORDER_LINES, `lines can name at most ${MAX_ORDER_LINES} products.`)
    .refine(
      (lines) => new Set(lines.map((line) => line.product)).size === lines.length,
      'lines must name each product once.',
    ),
  reason: z
    .union([z.string({ message: 'reason must be text.' }), z.null()])
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .refine((value) => value === null || value.length <= WITHDRAWAL_REASON_MAX, {
      message: `reason must be at most ${WITHDRAWAL_REASON_MAX} characters.`,
    }),
});
export type CreateWithdrawalInput = z.infer<typeof createWithdrawalSchema>;

/**
 * PUT /api/orders/{id}/withdrawals/{wid}: accept (with the refund, 0 for none, and whether the
 * quantities go back into stock) or reject. `returned` (added): whether the goods came back; an
 * item accepted without a return cannot go back into stock. Left out, the refund is the offered one.
 */
export const decideWithdrawalSchema = z
  .object({
    accepted: z.boolean({ message: 'accepted must be true or false.' }),
    refund_amount: z
      .number({ message: 'refund_amount must be a number (SEK).' })
      .min(0, 'refund_amount must not be negative.')
      .max(REFUND_MAX_SEK, `refund_amount must be at most ${REFUND_MAX_SEK}.`)
      .refine(twoDecimals, 'refund_amount must have at most two decimals.')
      .optional(),
    restock: z.boolean({ message: 'restock must be true or false.' }).optional().default(false),
    returned: z.boolean({ message: 'returned must be true or false.' }).optional().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.accepted && value.restock && !value.returned) {
      ctx.addIssue({
        code: 'custom',
        path: ['restock'],
        message: 'restock needs the goods returned: an item kept by the buyer cannot go back on sale.',
      });
    }
    if (!value.accepted && value.refund_amount !== undefined && sekToOre(value.refund_amount) > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: 'refund_amount is only for an accepted withdrawal.',
      });
    }
  });
export type DecideWithdrawalInput = z.infer<typeof decideWithdrawalSchema>;

/** GET /api/orders/withdrawals: `overdue=true` keeps the open ones older than 14 days (the admins' list). */
export const withdrawalListQuerySchema = z.object({
  overdue: z
    .enum(['true', 'false', ''], { message: 'overdue must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
