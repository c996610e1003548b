-- Issue 13: the dictionary lookup of a one-word search (word-search.ts) planned once per
-- connection. As a prepared statement PostgreSQL planned it again on every run (a custom plan:
-- the stem's LIKE pattern makes each plan look cheaper than the generic one), 0.36 ms of planning
-- for a 0.04 ms lookup. The generic plan is the right one for every stem (the trigram index, a
-- bitmap of the few words holding the stem), so the function forces it.
--
-- Returns the words of search_words containing `stem` (already escaped for LIKE) after
-- torget_search_text, at most `max_words` + 1 of them; NULL when the stem's search text has under
-- three characters (no trigram to look up) or holds white space (the words cannot).
CREATE FUNCTION search_dictionary_words(stem text, max_words integer) RETURNS text[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  searched text := torget_search_text(stem);
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
