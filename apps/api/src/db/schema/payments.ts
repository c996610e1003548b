/** The PayPal captures the server verified, and their refunds. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';

/** What a verified PayPal capture did: paid its order, or nothing (and is refunded). */
export const CAPTURE_OUTCOMES = ['paid', 'duplicate', 'cancelled', 'expired', 'wrong_amount'] as const;
/** 'none': kept (it paid its order); 'due': to refund; 'sent': PayPal accepted the refund. */
export const REFUND_STATES = ['none', 'due', 'sent'] as const;

/**
 * Every PayPal capture the server was shown and verified with PayPal, whatever it did: the one
 * record of money PayPal took for an order (migration 0027, docs/security.md: the capture rule).
 * A capture that paid nothing is refunded through PayPal; `refund_state` follows the refund.
 */
export const paypalCaptures = pgTable(
  'paypal_captures',
  {
    captureId: text('capture_id').primaryKey(),
    paypalOrderId: text('paypal_order_id').notNull(),
    /** A PayPal order is never deleted, so the capture always names its order. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** What PayPal captured, which may differ from the order's total ('wrong_amount'). */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: CAPTURE_OUTCOMES }).notNull(),
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull(),
    /** PayPal's refund id and status (COMPLETED or PENDING) once it accepted the refund. */
    paypalRefundId: text('paypal_refund_id'),
    paypalRefundStatus: text('paypal_refund_status'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** Refund calls made, and the last one's failure while the refund is still due. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the refund may next be tried; a caller claims it by moving it forward. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'paypal_captures_outcome_check',
      sql`${t.outcome} in ('paid', 'duplicate', 'cancelled', 'expired', 'wrong_amount')`,
    ),
    check(
      'paypal_captures_refund_check',
      sql`${t.refundState} in ('none', 'due', 'sent') and (${t.outcome} = 'paid') = (${t.refundState} = 'none')`,
    ),
    check('paypal_captures_amount_check', sql`${t.amountOre} >= 0`),
    index('paypal_captures_order_idx').on(t.orderId),
    // The refund sweep's candidates: refunds still due, by when they may next be tried.
    index('paypal_captures_due_idx').on(t.nextAttemptAt).where(sql`refund_state = 'due'`),
  ],
);
