-- Name search (issue 17): words in any order, Swedish inflections, typos, no diacritics,
-- compound parts. It runs over each name's search text: lower case without diacritics.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly.
-- This wrapper names the dictionary and its schema, which makes it fixed for our purposes, and
-- is IMMUTABLE; the same function is applied to the search words, so both sides agree.
CREATE FUNCTION torget_search_text(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_category_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_on_sale_search_trgm_idx" ON "products" USING gin (torget_search_text("name") gin_trgm_ops) WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_search_trgm_idx" ON "products" USING gin ("category",torget_search_text("name") gin_trgm_ops) WHERE seller_active;
