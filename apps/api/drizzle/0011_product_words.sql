-- Issue 13: a one-word name search without the trigram bitmap of every match.
--
-- A word of a search matches a name when the name's search text contains the word's stem
-- (name-search.ts). The stem has no white space, so it lies inside one white-space-separated word
-- of the search text: a name matches exactly when one of its words contains the stem. So the
-- names' words are kept in two tables:
-- * search_words, every distinct word of a listed name ever seen (a dictionary, with a trigram
--   index): the words containing a stem are found there, among distinct words, not names;
-- * product_words, one row per listed product and word of its name, with the columns the
--   catalogue filters and sorts by, under the products' own column names (id is the product's),
--   so the catalogue's conditions read it as they read products. A btree on (word, category,
--   price) holding the rating and date gives the matches of those words in order, and stops
--   after the first 1 001 (the capped count): no bitmap of 40 000 matches built first.
-- Only ASCII white space (space, tab, line breaks) separates words: the query is split at every
-- kind of white space, so no character a stem may hold is a separator.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE TABLE "product_words" (
	"id" uuid NOT NULL,
	"word" text NOT NULL,
	"category" text NOT NULL,
	"price_ore" integer NOT NULL,
	"rating" real NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_words_pkey" PRIMARY KEY ("id", "word")
);--> statement-breakpoint
CREATE INDEX "product_words_word_idx" ON "product_words" USING btree ("word", "category", "price_ore") INCLUDE ("id", "rating", "created_at");--> statement-breakpoint
-- A page of a word's products in each sort of the catalogue (newest; lowest and highest price,
-- one index read both ways; top rated), for a word in more names than the capped read holds.
CREATE INDEX "product_words_word_created_idx" ON "product_words" USING btree ("word", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("category", "price_ore", "rating");--> statement-breakpoint
CREATE INDEX "product_words_word_price_idx" ON "product_words" USING btree ("word", "price_ore", "id") INCLUDE ("category", "rating", "created_at");--> statement-breakpoint
CREATE INDEX "product_words_word_rating_idx" ON "product_words" USING btree ("word", "rating" DESC NULLS FIRST, "id") INCLUDE ("category", "price_ore", "created_at");--> statement-breakpoint
-- The distinct words of a search text.
CREATE FUNCTION search_text_words(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[ \t\n\r\f\v]+') AS w WHERE w <> '' $$;
--> statement-breakpoint
-- Writes the words of the listed products among `ids` (as their rows are now) into both tables.
-- New words are added in word order, so two writers never wait for each other in a circle.
CREATE FUNCTION product_words_add(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_text_words(p.search_text) w
  WHERE p.id = ANY(ids) AND p.seller_active AND NOT p.is_draft
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  INSERT INTO product_words (id, word, category, price_ore, rating, created_at)
  SELECT p.id, w, p.category, p.price_ore, p.rating, p.created_at
  FROM products p, search_text_words(p.search_text) w
  WHERE p.id = ANY(ids) AND p.seller_active AND NOT p.is_draft;
END
$$;--> statement-breakpoint
CREATE FUNCTION products_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_words_add(ARRAY(SELECT r.id FROM new_rows r WHERE r.seller_active AND NOT r.is_draft));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION products_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_words WHERE id IN (SELECT r.id FROM old_rows r);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A product's row changed in something its words carry: the name, the listing, or a filter or
-- sort column. When only the columns changed (a review moving the rating, a new price), its rows
-- are updated in place; otherwise they are written again.
CREATE FUNCTION products_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.search_text = NEW.search_text AND OLD.seller_active = NEW.seller_active AND OLD.is_draft = NEW.is_draft THEN
    UPDATE product_words
    SET category = NEW.category, price_ore = NEW.price_ore, rating = NEW.rating, created_at = NEW.created_at
    WHERE id = NEW.id;
  ELSE
    DELETE FROM product_words WHERE id = NEW.id;
    PERFORM product_words_add(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_words_insert" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_words_inserted();--> statement-breakpoint
CREATE TRIGGER "products_words_delete" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_words_deleted();--> statement-breakpoint
-- Stock changes (every order) are not among these columns: an order writes no word row.
CREATE TRIGGER "products_words_update" AFTER UPDATE ON "products" FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.seller_active IS DISTINCT FROM NEW.seller_active
  OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.price_ore IS DISTINCT FROM NEW.price_ore OR OLD.rating IS DISTINCT FROM NEW.rating
  OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION products_words_updated();--> statement-breakpoint
-- Writes both tables again from the products (the migration's first fill, and after a bulk load
-- with triggers off). Writers wait until the transaction ends, so no change slips in between.
CREATE FUNCTION product_words_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;--> statement-breakpoint
SELECT product_words_rebuild();
