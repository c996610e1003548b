-- Issue 13: how many listed products have each word of the dictionary (migration 0011), so the
-- facets of a one-word search read a sample of the word's products and scale it by the word's
-- count, instead of reading 5 000 names through the trigram index (facets.service.ts).
--
-- Kept as the catalogue's counters are (migration 0007): a word's count is its row in
-- search_word_counts plus its rows in search_word_count_changes. Every statement that adds or
-- removes word rows ADDS a row per word to the changes (writers never wait for each other on a
-- hot word), and now and then one writer folds the changes into the counts.
CREATE TABLE "search_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "search_word_count_changes" (
	"word" text NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_word_count_changes_word_idx" ON "search_word_count_changes" USING btree ("word");--> statement-breakpoint
-- Folds the changes into the counts. Deleting and adding in one statement is atomic for readers;
-- changes other transactions add meanwhile are not seen, so not deleted: nothing is lost.
CREATE FUNCTION search_word_counts_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM search_word_count_changes RETURNING word, n),
  sums AS (SELECT word, sum(n) AS n FROM gone GROUP BY word)
  INSERT INTO search_word_counts AS c (word, n)
  SELECT word, n FROM sums ORDER BY word
  ON CONFLICT (word) DO UPDATE SET n = c.n + excluded.n
$$;--> statement-breakpoint
-- About one write in 20 folds, one transaction at a time (a try-lock: no writer waits for it).
CREATE FUNCTION search_word_counts_maybe_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 0.05 AND pg_try_advisory_xact_lock(7412021) THEN
    PERFORM search_word_counts_fold();
  END IF;
END
$$;--> statement-breakpoint
-- The number of listed products having `w` in their name's words.
CREATE FUNCTION search_word_count(w text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT c.n FROM search_word_counts c WHERE c.word = w), 0)
    + coalesce((SELECT sum(d.n) FROM search_word_count_changes d WHERE d.word = w), 0)
$$;--> statement-breakpoint
-- The functions of migration 0011 again, each now also writing its change of the counts.
CREATE OR REPLACE FUNCTION product_words_add(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_text_words(p.search_text) w
  WHERE p.id = ANY(ids) AND p.seller_active AND NOT p.is_draft
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  WITH added AS (
    INSERT INTO product_words (id, word, category, price_ore, rating, created_at)
    SELECT p.id, w, p.category, p.price_ore, p.rating, p.created_at
    FROM products p, search_text_words(p.search_text) w
    WHERE p.id = ANY(ids) AND p.seller_active AND NOT p.is_draft
    RETURNING word
  )
  INSERT INTO search_word_count_changes (word, n) SELECT word, count(*) FROM added GROUP BY word;
  PERFORM search_word_counts_maybe_fold();
END
$$;--> statement-breakpoint
-- Removes the word rows of the products among `ids`, and counts them out.
CREATE FUNCTION product_words_remove(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (DELETE FROM product_words WHERE id = ANY(ids) RETURNING word)
  INSERT INTO search_word_count_changes (word, n) SELECT word, -count(*) FROM gone GROUP BY word;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_words_remove(ARRAY(SELECT r.id FROM old_rows r));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.search_text = NEW.search_text AND OLD.seller_active = NEW.seller_active AND OLD.is_draft = NEW.is_draft THEN
    UPDATE product_words
    SET category = NEW.category, price_ore = NEW.price_ore, rating = NEW.rating, created_at = NEW.created_at
    WHERE id = NEW.id;
  ELSE
    PERFORM product_words_remove(ARRAY[NEW.id]);
    PERFORM product_words_add(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Counts every word again from product_words (the migration's first fill, and after a rebuild).
-- Writers wait until the transaction ends, so no change slips in between.
CREATE FUNCTION search_word_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM search_word_count_changes;
  DELETE FROM search_word_counts;
  INSERT INTO search_word_counts (word, n) SELECT word, count(*) FROM product_words GROUP BY word;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_words_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM product_words;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_text_words(p.search_text) w
  WHERE p.seller_active AND NOT p.is_draft
  ON CONFLICT DO NOTHING;
  INSERT INTO product_words (id, word, category, price_ore, rating, created_at)
  SELECT p.id, w, p.category, p.price_ore, p.rating, p.created_at
  FROM products p, search_text_words(p.search_text) w
  WHERE p.seller_active AND NOT p.is_draft
  ORDER BY w, p.category;
  PERFORM search_word_counts_rebuild();
END
$$;--> statement-breakpoint
SELECT search_word_counts_rebuild();
