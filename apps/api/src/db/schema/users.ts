/** Accounts, their seller object (the shop), and password reset tokens. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-case; unique among accounts that are not deleted. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSeller: boolean('is_seller').notNull().default(false),
    wantsToBeSeller: boolean('wants_to_be_seller').notNull().default(false),
    /** Bumped by a password change or reset; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    shippingFullName: text('shipping_full_name'),
    shippingAddress: text('shipping_address'),
    shippingPostalCode: text('shipping_postal_code'),
    shippingCity: text('shipping_city'),
    shippingCountry: text('shipping_country'),
    /** Set when an account with order history is deleted: it is anonymised and can no longer sign in. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Name and e-mail as the admin's search reads them: lower case, no accents (migration 0039). */
    searchText: text('search_text').generatedAlwaysAs(sql`torget_search_text(name || ' ' || email)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_is_seller_idx').on(t.isSeller),
    // The admin's user list, newest first, and its role and shop-status filters (migration 0039).
    index('users_listed_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('users_admins_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and is_admin`),
    index('users_sellers_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and is_seller`),
    index('users_customers_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and not is_admin and not is_seller`),
    index('users_closed_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and not is_seller and not wants_to_be_seller`),
    index('users_applicants_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and wants_to_be_seller and not is_seller`),
    // The admin's search by name or e-mail, and by an e-mail typed from its start (migration 0039).
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`deleted_at is null`),
    index('users_email_prefix_idx').on(sql`${t.email} text_pattern_ops`).where(sql`deleted_at is null`),
  ],
);

/** The seller object of a user (one row a user who has applied or sells). */
export const sellers = pgTable(
  'sellers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    hasLogo: boolean('has_logo').notNull().default(false),
    description: text('description').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** A custom domain, lower-case; unique when set. */
    domain: text('domain'),
    bannerBackgroundImage: text('banner_background_image').notNull().default(''),
    descriptionBackgroundColor: text('description_background_color').notNull().default(''),
    descriptionTextColor: text('description_text_color').notNull().default(''),
    productsBackgroundColor: text('products_background_color').notNull().default(''),
    nameTextColor: text('name_text_color').notNull().default(''),
    subtitleTextColor: text('subtitle_text_color').notNull().default(''),
    footerBackgroundColor: text('footer_background_color').notNull().default(''),
    footerTextColor: text('footer_text_color').notNull().default(''),
    address: text('address').notNull().default(''),
    postNumber: text('post_number').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    organisationNumber: text('organisation_number').notNull().default(''),
    plan: text('plan').notNull().default('1'),
    hasSwish: boolean('has_swish').notNull().default(false),
    swishNumber: text('swish_number').notNull().default(''),
    hasPaypal: boolean('has_paypal').notNull().default(false),
    /**
     * The shop's public e-mail (storefront footer), its own field: filled with the login e-mail
     * when the shop is made, changeable in the settings. Anyone but the seller and admins sees
     * this, never the login e-mail.
     */
    email: text('email').notNull().default(''),
    /** 'business' or 'private' (docs/decisions/260-seller-identity.md); '' for a shop that has not said yet. */
    sellerType: text('seller_type').notNull().default(''),
    /** The business's registered name, or the private person's full name. */
    legalName: text('legal_name').notNull().default(''),
    /** When the seller certified that they only offer products that comply with EU law. */
    selfCertifiedAt: timestamp('self_certified_at', { withTimezone: true, mode: 'date' }),
    /** Average and count of the seller's verified-purchase reviews only (docs/decisions/023-reviews-and-verified-seller-rating.md). */
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sellers_domain_key').on(t.domain),
    index('sellers_rating_idx').on(t.rating.desc(), t.numReviews.desc()),
    check('sellers_plan_check', sql`${t.plan} in ('1', '2', '3')`),
    check('sellers_seller_type_check', sql`${t.sellerType} in ('', 'business', 'private')`),
  ],
);

/**
 * A private seller's personal identity number, ÅÅÅÅMMDD-NNNN as `personnummer` checked it. A table
 * of its own, not a column of `sellers`, so no read of a shop (storefronts, the product brief, the
 * public seller) can carry it: `modules/sellers/seller-identity.service.ts` reads it for the seller
 * themself (masked), admins and the DAC7 report.
 */
export const sellerPersonalNumbers = pgTable('seller_personal_numbers', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.userId, { onDelete: 'cascade' }),
  personalNumber: text('personal_number').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
