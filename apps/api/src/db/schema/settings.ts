/** The site-wide settings the admin edits. */
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** The site-wide texts and the marketplace's Swish number, which the admin edits; a single row with id 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    aboutText: text('about_text').notNull().default(''),
    privacyText: text('privacy_text').notNull().default(''),
    becomeSellerText1: text('become_seller_text_1').notNull().default(''),
    becomeSellerText2: text('become_seller_text_2').notNull().default(''),
    privacyPolicyText: text('privacy_policy_text').notNull().default(''),
    /** The marketplace's own Swish number, for sellers' payments of what they owe (GET/PUT /api/fees). */
    swishNumber: text('swish_number').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_singleton', sql`${t.id} = 1`)],
);
