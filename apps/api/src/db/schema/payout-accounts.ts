/** Where a seller's payouts go (docs/decisions/220-payout-account.md). */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { sellers } from './users';

export const PAYOUT_ACCOUNT_KINDS = ['bank_account', 'bankgiro', 'iban'] as const;

/**
 * One payout account per seller, as the rule of `@torget/shared/rules/payout-account` checked and
 * wrote it (digits only; IBAN and BIC upper case). A table of its own, not columns of `sellers`,
 * so no read of a shop (storefronts, the user JSON) can carry the number by accident: only
 * `modules/sellers/payout-account.service.ts` reads it, and it answers it masked except to the
 * payout batch on the server.
 */
export const sellerPayoutAccounts = pgTable(
  'seller_payout_accounts',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => sellers.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYOUT_ACCOUNT_KINDS }).notNull(),
    /** Swedish bank accounts only: 4 or 5 digits. */
    clearingNumber: text('clearing_number'),
    /** The account number, the Bankgiro number, or the IBAN. */
    accountNumber: text('account_number').notNull(),
    bic: text('bic'),
    /** The bank of a Swedish clearing number, shown beside the masked number. */
    bankName: text('bank_name'),
    /** When the account was last set to another one; payouts wait 3 days from it. */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seller_payout_accounts_kind_check', sql`${t.kind} in ('bank_account', 'bankgiro', 'iban')`),
    check(
      'seller_payout_accounts_clearing_check',
      sql`(${t.kind} = 'bank_account') = (${t.clearingNumber} is not null)`,
    ),
  ],
);
