/**
 * The buyer's withdrawals from orders (migration 0035, docs/decisions/235-withdrawals.md): which
 * products and how many, why (optional), and the seller's or an admin's decision with the refund
 * and whether the goods came back and went back on sale.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { orders } from './orders';
import { users } from './users';

export const orderWithdrawals = pgTable(
  'order_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A withdrawal goes with its order (an order with one is paid or delivered and never deleted). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    state: text('state', { enum: ['requested', 'accepted', 'rejected'] })
      .notNull()
      .default('requested'),
    /** Who decided (the order's seller or an admin); null while requested, or once that account is gone. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The refund the decision made, in öre (0: none); null until accepted. */
    refundAmountOre: bigint('refund_amount_ore', { mode: 'number' }),
    /** The withdrawn quantities went back into stock. */
    restocked: boolean('restocked').notNull().default(false),
    /** The goods came back (false: accepted without a return, for an item not worth sending); null until accepted. */
    goodsReturned: boolean('goods_returned'),
  },
  (t) => [
    check('order_withdrawals_state_check', sql`${t.state} in ('requested', 'accepted', 'rejected')`),
    check('order_withdrawals_reason_check', sql`${t.reason} is null or char_length(${t.reason}) between 1 and 1000`),
    check(
      'order_withdrawals_decision_check',
      sql`(${t.state} = 'requested') = (${t.decidedAt} is null) and (${t.state} = 'accepted') = (${t.refundAmountOre} is not null) and (${t.state} = 'accepted') = (${t.goodsReturned} is not null)`,
    ),
    check('order_withdrawals_refund_check', sql`${t.refundAmountOre} is null or ${t.refundAmountOre} >= 0`),
    check(
      'order_withdrawals_restock_check',
      sql`not ${t.restocked} or (${t.state} = 'accepted' and ${t.goodsReturned})`,
    ),
    index('order_withdrawals_order_idx').on(t.orderId, t.requestedAt),
    // The admins' list of open withdrawals, oldest first.
    index('order_withdrawals_open_idx').on(t.requestedAt).where(sql`state = 'requested'`),
  ],
);

/** A withdrawn product and how many; the name is the order line's, kept as ordered. */
export const orderWithdrawalLines = pgTable(
  'order_withdrawal_lines',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => orderWithdrawals.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted, as on the order's line. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    /** The unit price paid, in öre, from the order's line. */
    priceOre: integer('price_ore').notNull(),
  },
  (t) => [
    check('order_withdrawal_lines_qty_check', sql`${t.qty} > 0`),
    index('order_withdrawal_lines_withdrawal_idx').on(t.withdrawalId),
  ],
);
