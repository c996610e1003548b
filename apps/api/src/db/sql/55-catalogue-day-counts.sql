-- How many listed products were created on each day (UTC), per scope: every listed product
-- ('listed', key '') and per category ('category', the category). A deep page of the newest
-- products starts on the day where the running count from the newest day passes its offset,
-- and is read from the date index from that day's end (modules/catalog/list-statements.ts).
--
-- Kept as the catalogue's counts are (catalogue-counts.sql): a count is its row in
-- catalogue_day_counts plus its rows in catalogue_day_count_changes, which every write adds to
-- (writers never wait for each other on a busy day), and which one writer now and then folds
-- in. Every day that has changes also has its row in catalogue_day_counts (0 until a fold adds
-- the changes), so a read walking the counts' rows newest first misses no day.

-- The day a product counts under: its creation's date in UTC.
CREATE OR REPLACE FUNCTION catalogue_day(created_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (created_at AT TIME ZONE 'UTC')::date $$;

-- The two keys a listed product counts under.
CREATE OR REPLACE FUNCTION catalogue_day_keys(category text)
RETURNS TABLE (scope text, key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('listed', ''), ('category', category)
$$;

CREATE OR REPLACE FUNCTION catalogue_day_counts_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM catalogue_day_count_changes RETURNING scope, key, day, n),
  sums AS (SELECT scope, key, day, sum(n) AS n FROM gone GROUP BY scope, key, day)
  INSERT INTO catalogue_day_counts AS c (scope, key, day, n)
  SELECT scope, key, day, n FROM sums ORDER BY scope, key, day
  ON CONFLICT (scope, key, day) DO UPDATE SET n = c.n + excluded.n
$$;

-- About one write in 20 folds, one transaction at a time (a try-lock: no writer waits for it).
CREATE OR REPLACE FUNCTION catalogue_day_counts_maybe_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 0.05 AND pg_try_advisory_xact_lock(7412022) THEN
    PERFORM catalogue_day_counts_fold();
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION products_day_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  WITH changed AS (
    INSERT INTO catalogue_day_count_changes (scope, key, day, n)
    SELECT k.scope, k.key, catalogue_day(r.created_at), count(*)
    FROM new_rows r, catalogue_day_keys(r.category) k
    WHERE r.seller_active AND NOT r.is_draft GROUP BY 1, 2, 3
    RETURNING scope, key, day
  ),
  made AS (
    INSERT INTO catalogue_day_counts (scope, key, day, n)
    SELECT scope, key, day, 0 FROM changed ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
  )
  SELECT count(*) INTO added FROM changed;
  IF added > 0 THEN PERFORM catalogue_day_counts_maybe_fold(); END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_day_count_inserted AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_day_count_inserted();

CREATE OR REPLACE FUNCTION products_day_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_day_count_changes (scope, key, day, n)
  SELECT k.scope, k.key, catalogue_day(r.created_at), -count(*)
  FROM old_rows r, catalogue_day_keys(r.category) k
  WHERE r.seller_active AND NOT r.is_draft GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_day_count_deleted AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_day_count_deleted();

-- A row whose day, category or listing changed: -1 under its old keys, +1 under its new ones.
-- Stock, price and rating changes (every order and review) are not among its columns.
CREATE OR REPLACE FUNCTION products_day_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    INSERT INTO catalogue_day_count_changes (scope, key, day, n)
    SELECT k.scope, k.key, c.day, sum(c.n) FROM (
      SELECT NEW.category AS category, catalogue_day(NEW.created_at) AS day, 1 AS n
      WHERE NEW.seller_active AND NOT NEW.is_draft
      UNION ALL
      SELECT OLD.category, catalogue_day(OLD.created_at), -1
      WHERE OLD.seller_active AND NOT OLD.is_draft
    ) c, catalogue_day_keys(c.category) k
    GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0
    RETURNING scope, key, day
  )
  INSERT INTO catalogue_day_counts (scope, key, day, n)
  SELECT scope, key, day, 0 FROM changed ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  PERFORM catalogue_day_counts_maybe_fold();
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_day_count_updated AFTER UPDATE OF "category", "created_at", "seller_active", "is_draft"
ON "products" FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.seller_active IS DISTINCT FROM NEW.seller_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft)
EXECUTE FUNCTION products_day_count_updated();

-- Counts every day again from the products (after a bulk load with triggers off). Writers wait
-- until the transaction ends, so no change slips in between.
CREATE OR REPLACE FUNCTION catalogue_day_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM catalogue_day_count_changes;
  DELETE FROM catalogue_day_counts;
  INSERT INTO catalogue_day_counts (scope, key, day, n)
  SELECT k.scope, k.key, catalogue_day(p.created_at), count(*)
  FROM products p, catalogue_day_keys(p.category) k
  WHERE p.seller_active AND NOT p.is_draft GROUP BY 1, 2, 3;
END
$$;
