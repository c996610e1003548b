-- Issue 13, eighth pass: search_word_count(w) in PL/pgSQL. As a SQL function whose body holds
-- subqueries it cannot be inlined, and PostgreSQL then plans its body again in every statement
-- that calls it: 0.3 ms of a one-word name search whose reads took 0.25 ms. PL/pgSQL keeps the
-- plan of its expression for the session. Same counts: the row in search_word_counts plus the
-- rows in search_word_count_changes (migration 0013).
CREATE OR REPLACE FUNCTION search_word_count(w text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT c.n FROM search_word_counts c WHERE c.word = w), 0)
    + coalesce((SELECT sum(d.n) FROM search_word_count_changes d WHERE d.word = w), 0);
END
$$;
