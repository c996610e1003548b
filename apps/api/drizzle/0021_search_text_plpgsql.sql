-- Issue 13, seventeenth pass: torget_search_text in PL/pgSQL. As an SQL function that PostgreSQL
-- cannot inline (it is IMMUTABLE around unaccent, which is STABLE), its body was parsed, analysed
-- and planned again in every statement that called it, and PostgreSQL 15 computes a stored
-- generated column again on every UPDATE of its row: each order's stock UPDATE called it, as did
-- every review and every search with a name. PL/pgSQL keeps its expression's plan for the
-- session. Same body, same results (word-search.test.ts compares them), so the generated column
-- and the indexes over it stay valid.
CREATE OR REPLACE FUNCTION torget_search_text(text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));
END
$$;
