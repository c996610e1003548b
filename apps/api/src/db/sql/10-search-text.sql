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
