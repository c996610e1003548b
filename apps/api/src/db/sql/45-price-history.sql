-- Sale prices and the price history (docs/decisions/292-sale-prices-and-price-history.md).
--
-- The price in force: the sale price while the sale runs (from its start, until its end) and is
-- below the ordinary price, otherwise the ordinary price. What an order charges, what the
-- product's JSON shows as `salePrice`, and what the history records are all this one rule.
-- IMMUTABLE: callers pass the moment (now()); the function reads nothing but its arguments.
CREATE OR REPLACE FUNCTION torget_price_in_force(p_price integer, p_sale integer, p_starts timestamptz, p_ends timestamptz, p_at timestamptz)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_sale IS NOT NULL AND p_sale < p_price AND p_starts <= p_at AND p_at < p_ends THEN p_sale ELSE p_price END
$$;

-- The lowest price in force during the 30 days before `p_at` (a sale's start: the price reduction
-- the law speaks of), from the history: the rows that came into force in those days and the row
-- already in force when they began. Without any (a product first listed with its sale running),
-- `p_otherwise`, the ordinary price.
CREATE OR REPLACE FUNCTION torget_lowest_price_before(p_product uuid, p_at timestamptz, p_otherwise integer)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(min(price_ore), p_otherwise) FROM (
    SELECT h.price_ore FROM product_price_history h
    WHERE h.product_id = p_product AND h.in_force_from >= p_at - interval '30 days' AND h.in_force_from < p_at
    UNION ALL
    (SELECT h.price_ore FROM product_price_history h
     WHERE h.product_id = p_product AND h.in_force_from < p_at - interval '30 days'
     ORDER BY h.in_force_from DESC LIMIT 1)
  ) AS in_force
$$;

-- Keeps the history of a product that is not a draft (a draft's price is shown to nobody): after
-- each write of its price, its sale or its draft state, the rows still in the future (a sale's
-- start and end, written ahead) are dropped and written again from the product as it is now, and
-- the price in force now is recorded when it differs from the last one recorded. A sale that
-- starts or ends by time alone needs no write then: its row was written with its time.
-- AFTER, not BEFORE: a BEFORE UPDATE trigger would make PostgreSQL recompute every stored
-- generated column on every UPDATE (20-seller-status.sql). An order's stock UPDATE names none of
-- these columns, so it never runs this.
CREATE OR REPLACE FUNCTION products_record_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_price integer;
  last_price integer;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.price_ore = OLD.price_ore
     AND NEW.sale_price_ore IS NOT DISTINCT FROM OLD.sale_price_ore
     AND NEW.sale_starts_at IS NOT DISTINCT FROM OLD.sale_starts_at
     AND NEW.sale_ends_at IS NOT DISTINCT FROM OLD.sale_ends_at
     AND NEW.is_draft = OLD.is_draft THEN
    RETURN NULL;
  END IF;
  IF NEW.is_draft THEN
    RETURN NULL;
  END IF;
  DELETE FROM product_price_history WHERE product_id = NEW.id AND in_force_from > now();
  now_price := torget_price_in_force(NEW.price_ore, NEW.sale_price_ore, NEW.sale_starts_at, NEW.sale_ends_at, now());
  SELECT h.price_ore INTO last_price FROM product_price_history h
  WHERE h.product_id = NEW.id AND h.in_force_from <= now() ORDER BY h.in_force_from DESC LIMIT 1;
  IF last_price IS DISTINCT FROM now_price THEN
    INSERT INTO product_price_history (product_id, in_force_from, price_ore) VALUES (NEW.id, now(), now_price)
    ON CONFLICT (product_id, in_force_from) DO UPDATE SET price_ore = EXCLUDED.price_ore;
  END IF;
  IF NEW.sale_price_ore IS NOT NULL AND NEW.sale_price_ore < NEW.price_ore AND NEW.sale_ends_at > now() THEN
    IF NEW.sale_starts_at > now() THEN
      INSERT INTO product_price_history (product_id, in_force_from, price_ore) VALUES (NEW.id, NEW.sale_starts_at, NEW.sale_price_ore);
    END IF;
    INSERT INTO product_price_history (product_id, in_force_from, price_ore) VALUES (NEW.id, NEW.sale_ends_at, NEW.price_ore);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_price_recorded AFTER INSERT OR UPDATE OF "price_ore", "sale_price_ore", "sale_starts_at", "sale_ends_at", "is_draft" ON "products"
FOR EACH ROW EXECUTE FUNCTION products_record_price();

-- The sale's keys of a product's JSON (modules/catalog/product-json.ts, saleShown), written at
-- read time because a sale starts and ends by time: the sale set and not ended (`salePrice`, its
-- start and end), and while it is in force `onSale` and the lowest price of the 30 days before it
-- started. Numbers and times as the kept JSON writes them (product-json-sql.ts: sek, timestamp).
-- Called only for a product with a sale not yet ended; every other product's keys are a constant.
CREATE OR REPLACE FUNCTION torget_product_sale_json(p_id uuid, p_price integer, p_sale integer, p_starts timestamptz, p_ends timestamptz, p_at timestamptz)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ',"salePrice":' || trim_scale(p_sale::numeric / 100)::text
    || ',"saleStartsAt":"' || to_char(p_starts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","saleEndsAt":"' || to_char(p_ends AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || CASE WHEN p_sale < p_price AND p_starts <= p_at AND p_at < p_ends
      THEN ',"lowestPrice30d":' || trim_scale(torget_lowest_price_before(p_id, p_starts, p_price)::numeric / 100)::text || ',"onSale":true'
      ELSE ',"lowestPrice30d":null,"onSale":false' END
$$;
