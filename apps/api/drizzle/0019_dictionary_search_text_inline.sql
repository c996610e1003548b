-- Issue 13, fourteenth pass: the dictionary lookup of a one-word search (0012) without a call of
-- torget_search_text. That function is IMMUTABLE around unaccent, which is STABLE, so PostgreSQL
-- never inlines it: PL/pgSQL ran it as an SQL function, whose body it parsed, analysed and planned
-- again in every transaction (its cache lives in the expression's state, which PL/pgSQL builds
-- per transaction). That was about a third of the lookup: pgbench, two clients, 14 200–16 400
-- lookups a second before, 18 800–23 500 after. The expression below is torget_search_text's body
-- (0005); word-search.test.ts checks that the two agree.
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
