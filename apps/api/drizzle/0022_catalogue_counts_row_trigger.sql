-- Issue 13, nineteenth pass: the catalogue counts' UPDATE trigger (migration 0007) only where an
-- update can move a count. As a statement-level trigger with transition tables it ran for every
-- UPDATE of products: each order's stock and each review's rating made PostgreSQL keep the old
-- and new rows in tuplestores and run the trigger's grouped INSERT, which then found nothing to
-- add. That was about 70 µs of a stock UPDATE's 370 in a loop on the bench database (a fifth),
-- and PostgreSQL cannot skip a statement-level trigger by its columns: a column list and
-- transition tables do not go together. A row-level trigger can say WHEN: it runs only for a row
-- whose category, seller or listing (seller_active, is_draft) changed, as the day counts'
-- trigger does (migration 0014). It adds the same rows as before: -1 under the old keys and +1
-- under the new ones, now per product (a bulk statement adds a row per changed product and key,
-- and the compaction folds them).
DROP TRIGGER "products_count_updated" ON "products";--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, sum(c.n) FROM (
    SELECT NEW.category AS category, NEW.seller_id AS seller_id, 1 AS n WHERE NEW.seller_active AND NOT NEW.is_draft
    UNION ALL
    SELECT OLD.category, OLD.seller_id, -1 WHERE OLD.seller_active AND NOT OLD.is_draft
  ) c, catalogue_count_keys(c.category, c.seller_id) k
  GROUP BY k.scope, k.key HAVING sum(c.n) <> 0;
  IF FOUND THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_count_updated" AFTER UPDATE ON "products" FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
  OR OLD.seller_active IS DISTINCT FROM NEW.seller_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft)
EXECUTE FUNCTION products_count_updated();
