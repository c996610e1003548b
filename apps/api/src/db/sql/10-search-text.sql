-- Name search runs over each name's search text: lower case without diacritics. The stored
-- column products.search_text and the trigram indexes over it are computed with
-- torget_search_text, and the search words go through the same function, so both sides agree.
--
-- Changing torget_search_text does not recompute products.search_text: PostgreSQL computes a
-- stored generated column when its row is written. A change of its result needs a migration
-- that writes every product's search text again (and rebuilds the word tables, search-words.sql).

-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly.
-- This wrapper names the dictionary and its schema, which makes it fixed for our purposes, and
-- is IMMUTABLE. PL/pgSQL, not SQL: PostgreSQL cannot inline an IMMUTABLE SQL function around a
-- STABLE one, and would parse and plan its body again in every statement that calls it (every
-- write of a product's name, every search); PL/pgSQL keeps the expression's plan for the session.
CREATE OR REPLACE FUNCTION torget_search_text(text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));
END
$$;

-- The distinct words of a search text. Only ASCII white space separates words: the query is
-- split at every kind of white space, so no character a search stem may hold is a separator.
CREATE OR REPLACE FUNCTION search_text_words(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[ \t\n\r\f\v]+') AS w WHERE w <> '' $$;

-- What a catalogue search finds besides the name's search text (docs/decisions/298): a product
-- is found by the words of its category, brand and description too, and by other spellings of
-- its words. Stored as products.find_text (migration 0049) with a trigram index over listed
-- products, so a search reads it in the same statement and the same index scans as the name.
-- Two parts, apart at chr(31) (a control character no search form holds):
-- * before it, the name's other spellings: its hyphenated words without the hyphens ("e-bok" →
--   "ebok") and a word of one letter or digit joined to the next ("e bok" → "ebok"), or of two
--   to a next of at most three ("wi fi" → "wifi"; not "in sweden").
--   They rank as the name (a query's forms never hold a hyphen: rules/search-forms.ts);
-- * after it, the words of the category, the brand and the description's first 600 characters
--   (at most 60 distinct words, in order, without hyphens, short ones joined as above), each only
--   when no word of the name holds it: a search finds those products through the name already, so a
--   description repeating the name costs no second read of them. They rank after the name.
-- Words are split at anything but letters, digits and hyphens; words of one character are left
-- out of the fields (a stem has three). The same folding as the name (torget_search_text).
-- Loops over the words, not SQL over them, and keeps the fields' words found in a text: every
-- write of a product's name or fields runs it (22 µs a product where SQL statements over the
-- words took 136, PostgreSQL at a million products).
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
