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
  name_words text[] := regexp_split_to_array(torget_search_text(coalesce(name, '')), '[ \t\n\r\f\v]+');
  field_words text[] := regexp_split_to_array(replace(
    torget_search_text(coalesce(category, '') || ' ' || coalesce(brand, '') || ' ' || left(coalesce(description, ''), 600)),
    '-', ''), '[^[:alnum:]]+');
  spellings text[] := '{}';
  held text;
  fields text := ' ';
  found integer := 0;
  w text;
  next_word text;
  candidate text;
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(name_words), 0) LOOP
    w := name_words[i];
    next_word := name_words[i + 1];
    IF w LIKE '%-%' THEN
      candidate := replace(w, '-', '');
      IF candidate <> '' AND candidate <> ALL (name_words) AND candidate <> ALL (spellings) THEN
        spellings := spellings || candidate;
      END IF;
    END IF;
    IF length(w) <= 2 AND next_word IS NOT NULL THEN
      IF w ~ '^[[:alnum:]]$' OR (w ~ '^[[:alnum:]]{2}$' AND next_word ~ '^[[:alnum:]-]{1,3}$') THEN
        candidate := w || replace(next_word, '-', '');
        IF candidate <> ALL (name_words) AND candidate <> ALL (spellings) THEN
          spellings := spellings || candidate;
        END IF;
      END IF;
    END IF;
  END LOOP;
  held := ' ' || array_to_string(name_words || spellings, ' ') || ' ';
  FOR i IN 1 .. coalesce(cardinality(field_words), 0) LOOP
    w := field_words[i];
    IF length(w) >= 2 AND strpos(held, w) = 0 AND strpos(fields, ' ' || w || ' ') = 0 THEN
      fields := fields || w || ' ';
      found := found + 1;
      EXIT WHEN found = 60;
    END IF;
    IF length(w) <= 2 THEN
      next_word := field_words[i + 1];
      IF next_word IS NOT NULL AND (w ~ '^[[:alnum:]]$' OR (w ~ '^[[:alnum:]]{2}$' AND next_word ~ '^[[:alnum:]]{1,3}$')) THEN
        candidate := w || next_word;
        IF strpos(held, candidate) = 0 AND strpos(fields, ' ' || candidate || ' ') = 0 THEN
          fields := fields || candidate || ' ';
          found := found + 1;
          EXIT WHEN found = 60;
        END IF;
      END IF;
    END IF;
  END LOOP;
  RETURN array_to_string(spellings, ' ') || ' ' || chr(31) || ' ' || btrim(fields);
END
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "find_text" text GENERATED ALWAYS AS (torget_find_text("name", "category", "brand", "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_find_trgm_idx" ON "products" USING gin ("find_text" gin_trgm_ops) WITH (fastupdate=false) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "search_words_joined_trgm_idx" ON "search_words" USING gin ((replace("word", '-', '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- A table's rewrite leaves its new column without statistics (autovacuum analyses only after
-- enough writes): without them the planner took a find text's pattern for thousands of rows.
ANALYZE "products";
