/**
 * Payout batches (migration 0033, docs/decisions/250-payout-batches.md): what the marketplace pays
 * each eligible seller in one bank upload. The money moves in the ledger only when the batch is
 * marked sent (a 'payout' entry per line, keyed by the line).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** One batch; `number` is what the bank reference quotes (`Torget T-<number>`). */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The minimum payable balance the batch was made with, in öre. */
    minimumOre: bigint('minimum_ore', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** Set once, when the admin marks the batch sent; its ledger entries are booked then. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    sentBy: uuid('sent_by'),
  },
  (t) => [uniqueIndex('payouts_number_key').on(t.number), index('payouts_created_idx').on(t.createdAt, t.id)],
);

/**
 * One seller's payment in a batch: the amount (positive öre) and the orders whose money it
 * releases. `sent_at` is the batch's, copied so one index can say a seller has at most one line
 * not yet sent.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    orderIds: uuid('order_ids').array().notNull().default(sql`'{}'`),
    orderNumbers: bigint('order_numbers', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('payout_lines_amount_check', sql`${t.amountOre} > 0`),
    uniqueIndex('payout_lines_payout_seller_key').on(t.payoutId, t.sellerId),
    uniqueIndex('payout_lines_unsent_seller_key').on(t.sellerId).where(sql`sent_at is null`),
    index('payout_lines_seller_idx').on(t.sellerId),
  ],
);
