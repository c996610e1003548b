/**
 * The marketplace's own money: the append-only ledger of what it owes each seller, and the fees
 * the admin sets (migration 0030, docs/decisions/210-ledger-booked-with-the-event.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Kept in step with LEDGER_KINDS of @torget/shared/rules/ledger (a test compares them). */
export const LEDGER_ENTRY_KINDS = [
  'sale_collected',
  'commission',
  'commission_vat',
  'plan_fee',
  'refund',
  'payout',
  'seller_payment',
  'correction',
] as const;

/**
 * One booking, never changed or deleted (a trigger refuses UPDATE, DELETE and TRUNCATE:
 * db/sql/90-ledger.sql); a mistake is undone by a new entry. Amounts are signed from the seller's
 * side: positive is owed to the seller. `booking_key` names the event, so an event books once
 * however often it is told (INSERT … ON CONFLICT DO NOTHING).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    /**
     * The order it comes from. No foreign key: an unpaid Swish order may still be deleted after
     * being marked paid and unmarked, and its entries (which cancel out) stay; the number is kept
     * beside it for the same reason.
     */
    orderId: uuid('order_id'),
    orderNumber: bigint('order_number', { mode: 'number' }),
    /** The payout it comes from (payouts come with their own table). */
    payoutId: uuid('payout_id'),
    /** The rate it used, in basis points (commission 1000 = 10 %, moms 2500), and what of. */
    rateBp: integer('rate_bp'),
    baseOre: bigint('base_ore', { mode: 'number' }),
    /**
     * A plan fee's year starts here; the next year's fee is due a year later (the sweep). The
     * booking key holds its calendar year, so each year is booked once.
     */
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    /** Why: required for an admin's correction. */
    note: text('note'),
    /** Who booked it by hand (a correction's admin); null for what the system booked. */
    createdBy: uuid('created_by'),
    bookingKey: text('booking_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('sale_collected', 'commission', 'commission_vat', 'plan_fee', 'refund', 'payout', 'seller_payment', 'correction')`,
    ),
    check('ledger_entries_note_check', sql`${t.kind} <> 'correction' or length(btrim(coalesce(${t.note}, ''))) > 0`),
    uniqueIndex('ledger_entries_booking_key').on(t.bookingKey),
    index('ledger_entries_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    check('ledger_entries_period_check', sql`(${t.kind} = 'plan_fee') = (${t.periodStart} is not null)`),
    index('ledger_entries_order_idx').on(t.orderId).where(sql`order_id is not null`),
  ],
);

/** The fees of each plan, set by an admin; a row per plan code. */
export const feeSettings = pgTable(
  'fee_settings',
  {
    plan: text('plan').primaryKey(),
    commissionBp: integer('commission_bp').notNull(),
    yearlyFeeOre: bigint('yearly_fee_ore', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fee_settings_plan_check', sql`${t.plan} in ('1', '2', '3')`),
    check('fee_settings_commission_check', sql`${t.commissionBp} between 0 and 10000`),
    check('fee_settings_fee_check', sql`${t.yearlyFeeOre} >= 0`),
  ],
);
