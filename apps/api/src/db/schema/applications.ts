/**
 * Seller applications and the admins' decisions on them (migration 0038,
 * docs/decisions/265-seller-application-decisions.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Kept in step with the migration's check. */
export const APPLICATION_EVENT_KINDS = ['applied', 'approved', 'rejected', 'revoked'] as const;

/**
 * One event of a user's seller application, kept for good (nothing updates or deletes a row):
 * - 'applied': the application was sent, in `language` (the applicant's mails follow it);
 * - 'approved' / 'rejected': an admin decided, in the queue or with the user edit's toggle;
 * - 'revoked': an admin took a seller's shop away with the toggle.
 * The applicant's state: a seller is approved, a user who wants to be one is pending, else their
 * latest decision says whether (and why) they were rejected.
 */
export const sellerApplicationEvents = pgTable(
  'seller_application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: APPLICATION_EVENT_KINDS }).notNull(),
    /** Why the admin decided so: required for a rejection in the queue, optional otherwise. */
    reason: text('reason').notNull().default(''),
    /** The deciding admin; null for 'applied'. */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The UI language the application was sent in ('applied' only). */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    check('seller_application_events_kind_check', sql`${t.kind} in ('applied', 'approved', 'rejected', 'revoked')`),
    check('seller_application_events_admin_check', sql`(${t.kind} = 'applied') = (${t.adminId} is null)`),
    check('seller_application_events_language_check', sql`${t.language} in ('sv', 'en')`),
    index('seller_application_events_user_idx').on(t.userId, t.id),
    index('seller_application_events_admin_idx').on(t.adminId).where(sql`admin_id is not null`),
  ],
);
