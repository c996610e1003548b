/**
 * What the database keeps from the listed products by triggers, for the catalogue's reads: the
 * exact counts, the words of the names, and the counts per word and per day.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Exact counts of listed products, kept by triggers on products (migrations 0007 and 0022: per
 * statement for inserts and deletes, per changed row for updates): scope 'listed' (key ''),
 * 'category' (the category) and 'seller' (the seller's id). A count is the sum of its key's rows:
 * writers add a row of their change, never update one, and the rows are folded now and then.
 * Read through modules/catalog/catalogue-counts.ts.
 */
export const catalogueCounts = pgTable(
  'catalogue_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalogue_counts_scope_key_idx').on(t.scope, t.key)],
);

/**
 * The words of listed products' names (migration 0011), kept by triggers on products: every
 * distinct word seen (`searchWords`, with a trigram index, where a search word's stem finds the
 * words that contain it), and one row per listed product and word (`productWords`), holding the
 * columns the catalogue filters and sorts by under the products' own names (`id` is the
 * product's). A one-word name search reads its matches from there in index order
 * (modules/catalog/word-search.ts).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
  // The words without their hyphens, where a search's forms are looked up (migration 0049).
  index('search_words_joined_trgm_idx')
    .using('gin', sql`(replace(${t.word}, '-', '')) gin_trgm_ops`)
    .with({ fastupdate: false }),
]);

export const productWords = pgTable(
  'product_words',
  {
    id: uuid('id').notNull(),
    word: text('word').notNull(),
    category: text('category').notNull(),
    priceOre: integer('price_ore').notNull(),
    rating: real('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_words_pkey', columns: [t.id, t.word] }),
    // Each index also INCLUDEs the other filter and sort columns (migration 0011), so a search
    // reads these rows alone; Drizzle's index builder has no INCLUDE.
    index('product_words_word_idx').on(t.word, t.category, t.priceOre),
    index('product_words_word_created_idx').on(t.word, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('product_words_word_price_idx').on(t.word, t.priceOre, t.id),
    index('product_words_word_rating_idx').on(t.word, t.rating.desc().nullsFirst(), t.id),
    // The rated products' words alone, for searches with a rating bound (migration 0018); the
    // rating a key, so the bound is checked on the index entries (migration 0023).
    index('product_words_rated_idx').on(t.word, t.category, t.priceOre, t.rating).where(sql`${t.rating} > 0`),
  ],
);

/**
 * How many listed products have each dictionary word (migration 0013): its row here plus its
 * rows of changes, which every write adds and one writer now and then folds in (as
 * `catalogueCounts`). Read through the database's `search_word_count(word)`.
 */
export const searchWordCounts = pgTable('search_word_counts', {
  word: text('word').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * How many listed products were created on each day (UTC), every listed product (`listed`, key
 * '') and per category (migration 0014): its row here plus its rows of changes, as
 * `searchWordCounts`. A deep page of the newest products starts from its day, walking the days
 * from the newest (migration 0016: every day with changes has a row here, 0 until a fold).
 */
export const catalogueDayCounts = pgTable(
  'catalogue_day_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalogue_day_counts_pkey', columns: [t.scope, t.key, t.day] }),
    // INCLUDE (n) in migration 0016: Drizzle's index builder has no INCLUDE.
    index('catalogue_day_counts_running_idx').on(t.scope, t.key, t.day.desc()),
  ],
);

export const catalogueDayCountChanges = pgTable(
  'catalogue_day_count_changes',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalogue_day_count_changes_scope_key_idx').on(t.scope, t.key)],
);

export const searchWordCountChanges = pgTable(
  'search_word_count_changes',
  { word: text('word').notNull(), n: bigint('n', { mode: 'number' }).notNull() },
  (t) => [index('search_word_count_changes_word_idx').on(t.word)],
);
