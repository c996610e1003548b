-- Exact counts of the lists whose filters are few and fixed: every listed product ('listed', key
-- ''), per category ('category', the category), per seller ('seller', the seller's id). A product
-- is listed when its seller is active and it is not a draft. And for the admin's list of every
-- product (GET /api/products?scope=manage, docs/decisions/297): every product per state
-- ('state', the state: torget_product_state) and per state and category ('state_category',
-- 'state:category'). A count is the sum of its key's rows
-- in catalogue_counts: every statement that changes products ADDS a row of its change per key
-- (inserts never wait for each other, so no hot row serialises writers), and now and then a
-- writer folds the rows into one per key.

-- Folds every key's rows into one. Deleting and re-inserting in one statement is atomic for
-- readers; rows other transactions add meanwhile are not seen, so not deleted: nothing is lost.
CREATE OR REPLACE FUNCTION catalogue_counts_compact() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM catalogue_counts RETURNING scope, key, n)
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT scope, key, sum(n) FROM gone GROUP BY scope, key HAVING sum(n) <> 0
$$;

-- Called by the triggers after they added rows: about one write in 20 folds the rows, and only
-- one transaction at a time (a try-lock: a writer never waits for another's folding).
CREATE OR REPLACE FUNCTION catalogue_counts_maybe_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 0.05 AND pg_try_advisory_xact_lock(7412020) THEN
    PERFORM catalogue_counts_compact();
  END IF;
END
$$;

-- A product's state on the admin's list, as its filters read it (state=listed, draft, hidden,
-- removed: modules/catalog/managed-products.service.ts), one of them for every product; 'closed'
-- for the rest (saved, shown by its seller, not removed, but its seller is no active seller).
-- Listed first, as the catalogue says it (seller_active and not is_draft), so the 'state' count
-- of 'listed' is always the catalogue's 'listed' count.
CREATE OR REPLACE FUNCTION torget_product_state(seller_active boolean, is_draft boolean, hidden boolean, removed boolean)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN seller_active AND NOT is_draft THEN 'listed'
              WHEN removed THEN 'removed'
              WHEN is_draft THEN 'draft'
              WHEN hidden THEN 'hidden'
              ELSE 'closed' END
$$;

-- Counts everything again from the products (after a bulk load with triggers off). Writers wait
-- until the transaction ends, so no change slips between the count and the new rows.
CREATE OR REPLACE FUNCTION catalogue_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM catalogue_counts;
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, count(*)
  FROM products p, product_count_keys(p.category, p.seller_id, p.seller_active, p.is_draft, p.hidden, p.removed) k
  GROUP BY k.scope, k.key;
END
$$;

-- The three keys a listed product counts under.
CREATE OR REPLACE FUNCTION catalogue_count_keys(category text, seller_id uuid)
RETURNS TABLE (scope text, key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('listed', ''), ('category', category), ('seller', seller_id::text)
$$;

-- Every key a product counts under: the three of a listed product, and its state alone and with
-- its category (every product).
CREATE OR REPLACE FUNCTION product_count_keys(
  category text, seller_id uuid, seller_active boolean, is_draft boolean, hidden boolean, removed boolean
) RETURNS TABLE (scope text, key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k.scope, k.key FROM catalogue_count_keys(category, seller_id) k WHERE seller_active AND NOT is_draft
  UNION ALL
  SELECT s.scope, s.key FROM torget_product_state(seller_active, is_draft, hidden, removed) AS state,
    LATERAL (VALUES ('state', state), ('state_category', state || ':' || category)) AS s(scope, key)
$$;

-- Inserts and deletes: statement-level triggers with transition tables, one row per key a
-- statement changed, however many products it wrote.
CREATE OR REPLACE FUNCTION products_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, count(*)
  FROM new_rows r, product_count_keys(r.category, r.seller_id, r.seller_active, r.is_draft, r.hidden, r.removed) k
  GROUP BY k.scope, k.key;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_count_inserted AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_inserted();

CREATE OR REPLACE FUNCTION products_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, -count(*)
  FROM old_rows r, product_count_keys(r.category, r.seller_id, r.seller_active, r.is_draft, r.hidden, r.removed) k
  GROUP BY k.scope, k.key;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_count_deleted AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_count_deleted();

-- An update: -1 under the old keys and +1 under the new ones. A row-level trigger, so that it
-- can say WHEN and name its columns: it runs only for a row whose category, seller, listing or
-- state changed, never for a sale's stock or a review's rating (a statement-level trigger with
-- transition tables cannot be limited to columns).
CREATE OR REPLACE FUNCTION products_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_counts (scope, key, n)
  SELECT k.scope, k.key, sum(c.n) FROM (
    SELECT NEW.category AS category, NEW.seller_id AS seller_id, NEW.seller_active AS seller_active,
           NEW.is_draft AS is_draft, NEW.hidden AS hidden, NEW.removed AS removed, 1 AS n
    UNION ALL
    SELECT OLD.category, OLD.seller_id, OLD.seller_active, OLD.is_draft, OLD.hidden, OLD.removed, -1
  ) c, product_count_keys(c.category, c.seller_id, c.seller_active, c.is_draft, c.hidden, c.removed) k
  GROUP BY k.scope, k.key HAVING sum(c.n) <> 0;
  IF FOUND THEN PERFORM catalogue_counts_maybe_compact(); END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_count_updated
AFTER UPDATE OF "category", "seller_id", "seller_active", "is_draft", "hidden", "removed"
ON "products" FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
  OR OLD.seller_active IS DISTINCT FROM NEW.seller_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft
  OR OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.removed IS DISTINCT FROM NEW.removed)
EXECUTE FUNCTION products_count_updated();

-- A database counted before the states were (migration 0048): its states counted once, in the
-- transaction that defines their triggers, so no write falls between the count and the triggers.
-- A database with products always has a state row (their states' sums are above 0), so this
-- runs the rebuild only where the states were never counted.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM products) AND NOT EXISTS (SELECT 1 FROM catalogue_counts WHERE scope = 'state') THEN
    PERFORM catalogue_counts_rebuild();
  END IF;
END
$$;
