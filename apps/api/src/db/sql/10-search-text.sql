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
--   (at most 60 distinct words, in order, without hyphens, short ones joined as above), each only when no
--   word of the name holds it: a search finds those products through the name already, so a
--   description repeating the name costs no second read of them. They rank after the name.
-- Words are split at anything but letters, digits and hyphens; words of one character are left
-- out of the fields (a stem has three). The same folding as the name (torget_search_text).
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
