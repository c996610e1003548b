/**
 * Payment requests (migration 0036, docs/decisions/212-seller-payment-requests.md): what a seller
 * with a negative balance is asked to pay the marketplace by Swish. Marking one received books a
 * 'seller_payment' ledger entry keyed by the request.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** One request; `number` is the Swish message's reference (`Torget B-<number>`). */
export const sellerPaymentRequests = pgTable(
  'seller_payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the seller owed when asked, in öre (positive). */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** The marketplace's Swish number when asked: the QR code the seller scans. */
    swishNumber: text('swish_number').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** Set once, when an admin marks the money received; the ledger entry is booked then. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    receivedBy: uuid('received_by'),
  },
  (t) => [
    check('seller_payment_requests_amount_check', sql`${t.amountOre} > 0`),
    uniqueIndex('seller_payment_requests_number_key').on(t.number),
    uniqueIndex('seller_payment_requests_open_seller_key').on(t.sellerId).where(sql`received_at is null`),
    index('seller_payment_requests_created_idx').on(t.createdAt, t.id),
  ],
);
