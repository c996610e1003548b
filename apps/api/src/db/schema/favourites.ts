/** Favourites: the products a user saved, and the notices waiting for their next favourites mail. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt } from './columns';
import { users } from './users';

export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favourites_pkey', columns: [t.userId, t.productId] }),
    // Who saved a product, when it comes back in stock or goes on sale.
    index('favourites_product_idx').on(t.productId),
    // One's list, newest saved first.
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const FAVOURITE_NOTICE_KINDS = ['back_in_stock', 'on_sale'] as const;
export type FavouriteNoticeKind = (typeof FAVOURITE_NOTICE_KINDS)[number];

/**
 * What happened to a saved product since the user's last favourites mail. Pending while `sent_at`
 * is null (one pending notice per user, product and kind); a mail marks the notices it carried.
 */
export const favouriteNotices = pgTable(
  'favourite_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FavouriteNoticeKind>().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('favourite_notices_kind_check', sql`${t.kind} IN ('back_in_stock', 'on_sale')`),
    uniqueIndex('favourite_notices_pending_key').on(t.userId, t.productId, t.kind).where(sql`sent_at IS NULL`),
    index('favourite_notices_product_idx').on(t.productId),
    index('favourite_notices_user_sent_idx').on(t.userId, t.sentAt),
  ],
);
