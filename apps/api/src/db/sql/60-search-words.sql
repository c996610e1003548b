-- A one-word name search without the trigram bitmap of every match. A word of a search matches
-- a name when the name's search text contains the word's stem; the stem has no white space, so
-- a name matches exactly when one of its words contains the stem. So the names' words are kept:
-- * search_words, every distinct word of a listed name ever seen (a dictionary, with a trigram
--   index): the words containing a stem are found there, among distinct words, not names;
-- * product_words, one row per listed product and word of its name, with the columns the
--   catalogue filters and sorts by, so a word's matches are read in order from its indexes;
-- * search_word_counts (+ search_word_count_changes), how many listed products have each word,
--   kept as the catalogue's counts are (catalogue-counts.sql): writers add change rows, and now
--   and then one writer folds them in.

-- Returns the words of search_words containing `stem` (already escaped for LIKE) after the
-- search text's normalisation, at most `max_words` + 1 of them; NULL when the stem's search text
-- has under three characters (no trigram to look up) or holds white space (the words cannot).
-- The generic plan is the right one for every stem (the trigram index), so it is forced: as a
-- custom plan PostgreSQL planned the lookup again on every run, costing more than the lookup.
-- The normalisation is torget_search_text's body written out (search-text.sql; word-search.test.ts
-- checks that the two agree): a call of that function was parsed and planned again in every
-- transaction.
CREATE OR REPLACE FUNCTION search_dictionary_words(stem text, max_words integer) RETURNS text[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  searched text := lower(public.unaccent('public.unaccent'::regdictionary, stem));
BEGIN
  IF length(searched) < 3 OR searched ~ '[ \t\n\r\f\v]' THEN
    RETURN NULL;
  END IF;
  RETURN ARRAY(
    SELECT w.word FROM search_words w
    WHERE w.word LIKE '%' || searched || '%' ESCAPE '\'
    LIMIT max_words + 1
  );
END
$$;

-- The catalogue's lookup (word-search.ts): the words of search_words that, without their
-- hyphens, contain one of a search word's forms (rules/search-forms.ts: at most two, escaped for
-- LIKE, apart at a space), so "ebok" finds "e-bok" and "nycklar" finds "nyckel"; at most
-- `max_words` + 1 of them; NULL when a form's search text has under three characters or holds
-- white space, as search_dictionary_words. Read through the index of the words without hyphens
-- (migration 0049). search_dictionary_words stays for what reads the words as they are.
CREATE OR REPLACE FUNCTION search_dictionary_forms(forms text, max_words integer) RETURNS text[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  given text[] := string_to_array(forms, ' ');
  searched text[] := string_to_array(lower(public.unaccent('public.unaccent'::regdictionary, forms)), ' ');
  first text := searched[1];
  second text := searched[2];
BEGIN
  IF first IS NULL OR cardinality(searched) <> cardinality(given) OR cardinality(searched) > 2
    OR length(first) < 3 OR length(coalesce(second, first)) < 3 OR forms ~ '[\t\n\r\f\v]' THEN
    RETURN NULL;
  END IF;
  IF second IS NULL THEN
    RETURN ARRAY(
      SELECT w.word FROM search_words w
      WHERE replace(w.word, '-', '') LIKE '%' || first || '%' ESCAPE '\'
      LIMIT max_words + 1
    );
  END IF;
  RETURN ARRAY(
    SELECT w.word FROM search_words w
    WHERE replace(w.word, '-', '') LIKE '%' || first || '%' ESCAPE '\'
      OR replace(w.word, '-', '') LIKE '%' || second || '%' ESCAPE '\'
    LIMIT max_words + 1
  );
END
$$;

-- The listed products whose find text (products.find_text, migration 0049: the name's other
-- spellings, the category's, brand's and description's words) contains one of a search word's
-- forms (`form1`, `form2`: escaped for LIKE, as typed; the second may repeat the first) and whose
-- name, without hyphens, contains neither: a one-word search's products found by their other
-- fields (word-search.ts), read after the names' words. At most `max_rows` of them, with the
-- search's filters (a NULL is no bound), in the catalogue's sort `sort` ('newest', 'lowest',
-- 'highest', 'toprated'; NULL: in no order). The LIMIT and the filters are inside: a
-- set-returning PL/pgSQL function makes all its rows before the statement calling it reads one.
-- In no order (a search's capped read, the facets' sample), the statement's generic plan reads
-- the find text's trigram index: cheap for the few products a word's other fields usually add;
-- for a word in most of them (a category's name) the index's bitmap of every match is the cost
-- (70 ms for 100 000 at a million products). In a sort (a page past the names, rare), the
-- statement is planned for its patterns (EXECUTE): PostgreSQL then walks the sort's index until
-- the LIMIT for a common word and reads the trigram index for a rare one, where a generic plan
-- sorted every match; planning costs about 0.5 ms a call, too much for every search.
CREATE OR REPLACE FUNCTION search_found_products(
  form1 text, form2 text, max_rows integer, sort text DEFAULT NULL, only_category text DEFAULT NULL,
  min_price_ore integer DEFAULT NULL, max_price_ore integer DEFAULT NULL, min_rating real DEFAULT NULL
)
RETURNS TABLE (id uuid, category text, price_ore integer, rating real, created_at timestamptz)
LANGUAGE plpgsql STABLE ROWS 10
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  first text := '%' || lower(public.unaccent('public.unaccent'::regdictionary, form1)) || '%';
  second text := '%' || lower(public.unaccent('public.unaccent'::regdictionary, coalesce(form2, form1))) || '%';
  name_text text := 'replace(p.search_text, ''-'', '''')';
BEGIN
  IF sort IS NULL THEN
    RETURN QUERY
    SELECT p.id, p.category, p.price_ore, p.rating, p.created_at FROM products p
    WHERE p.seller_active AND NOT p.is_draft
      AND (p.find_text LIKE first ESCAPE '\' OR p.find_text LIKE second ESCAPE '\')
      AND NOT (replace(p.search_text, '-', '') LIKE first ESCAPE '\' OR replace(p.search_text, '-', '') LIKE second ESCAPE '\')
      AND (only_category IS NULL OR p.category = only_category)
      AND (min_price_ore IS NULL OR p.price_ore >= min_price_ore)
      AND (max_price_ore IS NULL OR p.price_ore <= max_price_ore)
      AND (min_rating IS NULL OR p.rating >= min_rating)
    LIMIT max_rows;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT p.id, p.category, p.price_ore, p.rating, p.created_at FROM products p'
    || ' WHERE p.seller_active AND NOT p.is_draft'
    || CASE WHEN first = second
      THEN format(' AND p.find_text LIKE $1 ESCAPE %L AND %s NOT LIKE $1 ESCAPE %L', '\', name_text, '\')
      ELSE format(' AND (p.find_text LIKE $1 ESCAPE %L OR p.find_text LIKE $2 ESCAPE %L)', '\', '\')
        || format(' AND NOT (%s LIKE $1 ESCAPE %L OR %s LIKE $2 ESCAPE %L)', name_text, '\', name_text, '\')
      END
    || CASE WHEN only_category IS NULL THEN '' ELSE ' AND p.category = $4' END
    || CASE WHEN min_price_ore IS NULL THEN '' ELSE ' AND p.price_ore >= $5' END
    || CASE WHEN max_price_ore IS NULL THEN '' ELSE ' AND p.price_ore <= $6' END
    || CASE WHEN min_rating IS NULL THEN '' ELSE ' AND p.rating >= $7' END
    || CASE sort
      WHEN 'newest' THEN ' ORDER BY p.created_at DESC, p.id DESC'
      WHEN 'lowest' THEN ' ORDER BY p.price_ore ASC, p.id ASC'
      WHEN 'highest' THEN ' ORDER BY p.price_ore DESC, p.id DESC'
      WHEN 'toprated' THEN ' ORDER BY p.rating DESC, p.id ASC'
      END
    || ' LIMIT $3'
  USING first, second, max_rows, only_category, min_price_ore, max_price_ore, min_rating;
END
$$;

-- Folds the changes into the counts. Deleting and adding in one statement is atomic for readers;
-- changes other transactions add meanwhile are not seen, so not deleted: nothing is lost.
CREATE OR REPLACE FUNCTION search_word_counts_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM search_word_count_changes RETURNING word, n),
  sums AS (SELECT word, sum(n) AS n FROM gone GROUP BY word)
  INSERT INTO search_word_counts AS c (word, n)
  SELECT word, n FROM sums ORDER BY word
  ON CONFLICT (word) DO UPDATE SET n = c.n + excluded.n
$$;

-- About one write in 20 folds, one transaction at a time (a try-lock: no writer waits for it).
CREATE OR REPLACE FUNCTION search_word_counts_maybe_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 0.05 AND pg_try_advisory_xact_lock(7412021) THEN
    PERFORM search_word_counts_fold();
  END IF;
END
$$;

-- The number of listed products having `w` in their name's words. PL/pgSQL: as an SQL function
-- with subqueries it cannot be inlined, and its body would be planned again in every statement.
CREATE OR REPLACE FUNCTION search_word_count(w text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT c.n FROM search_word_counts c WHERE c.word = w), 0)
    + coalesce((SELECT sum(d.n) FROM search_word_count_changes d WHERE d.word = w), 0);
END
$$;

-- Writes the words of the listed products among `ids` (as their rows are now) into both tables
-- and counts them in. New words are added in word order, so two writers never wait for each
-- other in a circle.
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
$$;

-- Removes the word rows of the products among `ids`, and counts them out.
CREATE OR REPLACE FUNCTION product_words_remove(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (DELETE FROM product_words WHERE id = ANY(ids) RETURNING word)
  INSERT INTO search_word_count_changes (word, n) SELECT word, -count(*) FROM gone GROUP BY word;
END
$$;

CREATE OR REPLACE FUNCTION products_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_words_add(ARRAY(SELECT r.id FROM new_rows r WHERE r.seller_active AND NOT r.is_draft));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_words_insert AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_words_inserted();

CREATE OR REPLACE FUNCTION products_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_words_remove(ARRAY(SELECT r.id FROM old_rows r));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_words_delete AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_words_deleted();

-- A product's row changed in something its words carry: the name, the listing, or a filter or
-- sort column. When only the columns changed (a review moving the rating, a new price), its rows
-- are updated in place; otherwise they are written again. Stock changes (every order) are not
-- among the trigger's columns: an order writes no word row.
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
$$;

CREATE OR REPLACE TRIGGER products_words_update AFTER UPDATE OF
  "name", "seller_active", "is_draft", "category", "price_ore", "rating", "created_at"
ON "products" FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.seller_active IS DISTINCT FROM NEW.seller_active
  OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.price_ore IS DISTINCT FROM NEW.price_ore OR OLD.rating IS DISTINCT FROM NEW.rating
  OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION products_words_updated();

-- Counts every word again from product_words (after a rebuild). Writers wait until the
-- transaction ends, so no change slips in between.
CREATE OR REPLACE FUNCTION search_word_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM search_word_count_changes;
  DELETE FROM search_word_counts;
  INSERT INTO search_word_counts (word, n) SELECT word, count(*) FROM product_words GROUP BY word;
END
$$;

-- Writes both tables again from the products (after a bulk load with triggers off).
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
$$;
