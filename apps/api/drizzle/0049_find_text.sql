-- A catalogue search also finds a product by its category, brand and description words and by
-- other spellings of its name's words (docs/decisions/298): products.find_text, torget_find_text
-- of them (db/sql/10-search-text.sql, which stays the place to read it; defined here as well
-- because the column needs it before the files run), with a trigram index over listed products
-- as the name's search text has (migrations 0007, 0010). Adding the column writes every product
-- once. The dictionary of the names' words gets a trigram index of its words without hyphens,
-- which the search's word lookup reads ("ebok" finds "e-bok": search_dictionary_forms).
CREATE OR REPLACE FUNCTION torget_find_text(name text, category text, brand text, description text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  name_words text[] := array(
    SELECT w FROM regexp_split_to_table(torget_search_text(coalesce(name, '')), '[ \t\n\r\f\v]+') WITH ORDINALITY AS t(w, i)
    WHERE w <> '' ORDER BY i
  );
  field_text text := torget_search_text(
    coalesce(category, '') || ' ' || coalesce(brand, '') || ' ' || left(coalesce(description, ''), 600)
  );
  other_spellings text[];
  field_words text[];
BEGIN
  other_spellings := array(
    SELECT DISTINCT s FROM (
      SELECT replace(w, '-', '') AS s FROM unnest(name_words) AS w WHERE w LIKE '%-%'
      UNION ALL
      SELECT a.w || replace(b.w, '-', '')
      FROM unnest(name_words) WITH ORDINALITY AS a(w, i)
      JOIN unnest(name_words) WITH ORDINALITY AS b(w, i) ON b.i = a.i + 1
      WHERE a.w ~ '^[[:alnum:]]$' OR (a.w ~ '^[[:alnum:]]{2}$' AND b.w ~ '^[[:alnum:]-]{1,3}$')
    ) AS x
    WHERE s <> '' AND s <> ALL (name_words)
  );
  field_words := array(
    WITH raw AS (
      SELECT replace(w, '-', '') AS w, i
      FROM regexp_split_to_table(field_text, '[^[:alnum:]-]+') WITH ORDINALITY AS t(w, i)
    ),
    words AS (
      SELECT w, i FROM raw
      UNION ALL
      SELECT a.w || b.w, a.i FROM raw AS a JOIN raw AS b ON b.i = a.i + 1
      WHERE a.w ~ '^[[:alnum:]]$' OR (a.w ~ '^[[:alnum:]]{2}$' AND b.w ~ '^[[:alnum:]]{1,3}$')
    )
    SELECT w FROM words
    WHERE length(w) >= 2
      AND NOT EXISTS (SELECT 1 FROM unnest(name_words || other_spellings) AS n WHERE strpos(n, w) > 0)
    GROUP BY w ORDER BY min(i), w LIMIT 60
  );
  RETURN array_to_string(other_spellings, ' ') || ' ' || chr(31) || ' ' || array_to_string(field_words, ' ');
END
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "find_text" text GENERATED ALWAYS AS (torget_find_text("name", "category", "brand", "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_find_trgm_idx" ON "products" USING gin ("find_text" gin_trgm_ops) WITH (fastupdate=false) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "search_words_joined_trgm_idx" ON "search_words" USING gin ((replace("word", '-', '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- A table's rewrite leaves its new column without statistics (autovacuum analyses only after
-- enough writes): without them the planner took a find text's pattern for thousands of rows.
ANALYZE "products";
