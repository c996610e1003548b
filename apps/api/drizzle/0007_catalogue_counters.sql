-- Issue 13: the catalogue fast at a million products.
--
-- A product is LISTED (shown to shoppers) when its seller is active and it is not a draft. The
-- catalogue's indexes cover listed products only, so every list, sort and count reads no draft.
DROP INDEX "products_on_sale_search_trgm_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_category_search_trgm_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_created_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_price_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_rating_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_category_created_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_category_price_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_category_rating_idx";--> statement-breakpoint
-- Name search reads each name's search text (torget_search_text, migration 0005) from a stored
-- column: computing it costs tens of microseconds a row (unaccent's dictionary), which every
-- index recheck and every best-match rank paid per match.
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (torget_search_text("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_search_trgm_idx" ON "products" USING gin ("category","search_text" gin_trgm_ops) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_ore","id") WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id") WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_price_idx" ON "products" USING btree ("category","price_ore","id") WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_seller_created_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_rating_idx" ON "products" USING btree ("category","rating" DESC NULLS FIRST,"id") WHERE seller_active AND NOT is_draft;--> statement-breakpoint
-- Suggestions as you type (issue 17): names that begin with the text typed, in name order.
CREATE INDEX "products_on_sale_search_prefix_idx" ON "products" USING btree ("search_text" text_pattern_ops) WHERE seller_active AND NOT is_draft;--> statement-breakpoint
-- How many names a search word is in: the planner reads it from the statistics of the search
-- text; a larger sample than the default 100 lets it tell a word in 3 % of the names from one
-- in 0.01 % (docs/performance.md).
ALTER TABLE "products" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
-- Exact counts of the lists whose filters are few and fixed: every listed product ('listed', key
-- ''), per category ('category', the category), per seller ('seller', the seller's id). A
-- count is the sum of its key's rows: every statement that changes products ADDS a row of its
-- change per key (inserts never wait for each other, so no hot row serialises writers), and
-- now and then a writer folds the rows into one per key (catalogue_counts_compact).
CREATE TABLE "catalogue_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "catalogue_counts_scope_key_idx" ON "catalogue_counts" USING btree ("scope","key");--> statement-breakpoint
-- Folds every key's rows into one. Deleting and re-inserting in one statement is atomic for
-- readers; rows other transactions add meanwhile are not seen, so not deleted: nothing is lost.
CREATE FUNCTION catalogue_counts_compact() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM catalogue_counts RETURNING scope, key, n)
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT scope, key, sum(n) FROM gone GROUP BY scope, key HAVING sum(n) <> 0
$$;--> statement-breakpoint
-- Called by the triggers after they added rows: about one write in 20 folds the rows, and
-- only one transaction at a time (a try-lock: a writer never waits for another's folding).
CREATE FUNCTION catalogue_counts_maybe_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 0.05 AND pg_try_advisory_xact_lock(7412020) THEN
    PERFORM catalogue_counts_compact();
  END IF;
END
$$;--> statement-breakpoint
-- Counts everything again from the products (after a bulk load with triggers off). Writers wait
-- until the transaction ends, so no change slips between the count and the new rows.
CREATE FUNCTION catalogue_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM catalogue_counts;
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT 'listed', '', count(*) FROM products WHERE seller_active AND NOT is_draft
  UNION ALL
  SELECT 'category', category, count(*) FROM products WHERE seller_active AND NOT is_draft GROUP BY category
  UNION ALL
  SELECT 'seller', seller_id::text, count(*) FROM products WHERE seller_active AND NOT is_draft GROUP BY seller_id;
END
$$;--> statement-breakpoint
-- The three keys a listed product counts under.
CREATE FUNCTION catalogue_count_keys(category text, seller_id uuid)
RETURNS TABLE (scope text, key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('listed', ''), ('category', category), ('seller', seller_id::text)
$$;--> statement-breakpoint
-- Statement-level triggers with transition tables: one row per key a statement changed, however
-- many products it wrote. An update adds +1 under the new keys and -1 under the old ones, so a
-- category change, a seller revoked or closed (seller_active) and a draft saved (is_draft) all
-- move the counts; an update that changes none of them (stock, rating, price) adds nothing.
CREATE FUNCTION products_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, count(*) FROM new_rows r, catalogue_count_keys(r.category, r.seller_id) k
  WHERE r.seller_active AND NOT r.is_draft GROUP BY k.scope, k.key;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION products_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, -count(*) FROM old_rows r, catalogue_count_keys(r.category, r.seller_id) k
  WHERE r.seller_active AND NOT r.is_draft GROUP BY k.scope, k.key;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION products_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, sum(c.n) FROM (
    SELECT r.category, r.seller_id, 1 AS n FROM new_rows r WHERE r.seller_active AND NOT r.is_draft
    UNION ALL
    SELECT r.category, r.seller_id, -1 AS n FROM old_rows r WHERE r.seller_active AND NOT r.is_draft
  ) c, catalogue_count_keys(c.category, c.seller_id) k
  GROUP BY k.scope, k.key HAVING sum(c.n) <> 0;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_count_inserted AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_inserted();--> statement-breakpoint
CREATE TRIGGER products_count_deleted AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_deleted();--> statement-breakpoint
CREATE TRIGGER products_count_updated AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_updated();--> statement-breakpoint
SELECT catalogue_counts_rebuild();
