/**
 * Reports of illegal or harmful content (DSA art. 16) and the admin's decision on each, with the
 * statement of reasons sent to the seller (art. 17): migration 0040,
 * docs/decisions/243-hidden-and-removed-products.md.
 */
import { REPORT_CATEGORIES, REPORT_DECISIONS } from '@torget/shared/rules/reports';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt } from './columns';
import { users } from './users';

// The lists the migration's checks hold, from the shared rules the forms and the API validate by.
export { REPORT_CATEGORIES, REPORT_DECISIONS } from '@torget/shared/rules/reports';

/**
 * One report of a product or a shop, and once decided, the decision: who, when, why. A decided
 * report is never decided again, so each decision stays as it was taken.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reported product; null for a report of a whole shop, or once the product was deleted. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name when reported: the decision's history names it after a deletion. */
    productName: text('product_name'),
    /** The reported shop, or the reported product's seller. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    category: text('category', { enum: REPORT_CATEGORIES }).notNull(),
    text: text('text').notNull(),
    /** The signed-in reporter; their account's e-mail is told the outcome. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** A signed-out reporter's e-mail (null when signed in). */
    reporterEmail: text('reporter_email'),
    /** The UI language the report was sent in: the reporter's mail follows it. */
    language: text('language').notNull().default('sv'),
    decision: text('decision', { enum: REPORT_DECISIONS }),
    /** The admin's statement of reasons (required with a decision). */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reports_category_check',
      sql`${t.category} in ('illegal_product', 'counterfeit', 'scam', 'dangerous_product', 'offensive_content', 'other')`,
    ),
    check('reports_decision_check', sql`${t.decision} in ('keep', 'remove')`),
    check(
      'reports_decided_check',
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is null) = (${t.reason} is null)`,
    ),
    check('reports_language_check', sql`${t.language} in ('sv', 'en')`),
    // The queue: open reports oldest first; the history: decided, newest first.
    index('reports_open_idx').on(t.createdAt).where(sql`decision is null`),
    index('reports_decided_idx').on(t.decidedAt.desc()).where(sql`decision is not null`),
    index('reports_product_idx').on(t.productId).where(sql`product_id is not null`),
    index('reports_seller_idx').on(t.sellerId),
  ],
);
