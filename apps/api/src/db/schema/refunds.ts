/**
 * Refunds of paid orders (migration 0034, docs/decisions/231-refunds.md): PayPal refunds made
 * through PayPal's refund API, Swish refunds the seller made from their Swish app and recorded.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/** 'completed': the money is back with the buyer; 'pending': PayPal accepted it and completes it later. */
export const REFUND_STATUSES = ['completed', 'pending'] as const;

/** A refunded line as stored: the order line's product (null if deleted since), its name and quantity. */
export interface StoredRefundLine {
  product: string | null;
  name: string;
  qty: number;
}

/**
 * One refund of an order. Under the order's row lock the sum of an order's refunds stays within
 * its total; `seq` numbers them per order and names the PayPal request (a retry refunds once).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A paid order is never deleted, so a refund always names its order. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<StoredRefundLine[]>().notNull().default(sql`'[]'::jsonb`),
    note: text('note'),
    method: text('method', { enum: ['PayPal', 'Swish'] }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** PayPal: when PayPal accepted it; Swish: the day the seller says they refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }).notNull(),
    paypalRefundId: text('paypal_refund_id'),
    paypalRequestId: text('paypal_request_id'),
    /** The buyer's withdrawal this refund settles, if any: one refund per withdrawal. */
    withdrawalId: uuid('withdrawal_id'),
    /** Who recorded it (the seller or an admin); null once that account is gone. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_refunds_amount_check', sql`${t.amountOre} > 0`),
    check('order_refunds_method_check', sql`${t.method} in ('PayPal', 'Swish')`),
    check('order_refunds_status_check', sql`${t.status} in ('completed', 'pending')`),
    check('order_refunds_note_check', sql`${t.note} is null or char_length(${t.note}) <= 500`),
    uniqueIndex('order_refunds_order_seq').on(t.orderId, t.seq),
    uniqueIndex('order_refunds_withdrawal').on(t.withdrawalId).where(sql`withdrawal_id is not null`),
  ],
);
