-- Issue 13, twenty-eighth pass: no BEFORE UPDATE row trigger on products, so that PostgreSQL
-- skips the stored generated columns an UPDATE cannot change. PostgreSQL 15 recomputes a
-- generated column on UPDATE only when the statement sets one of its inputs, but recomputes
-- all of them whenever the table has any BEFORE UPDATE row trigger (one could change any
-- column). products had two: the version's bump (0004) and the seller status (0002). So every
-- sale's stock UPDATE ran `torget_search_text` on the name, and every review's rating UPDATE
-- ran it and the JSON tail's function too (twenty-sixth pass: the generated columns were
-- 8.5 % of PostgreSQL's time for an order on a slow machine).
--
-- The rules stay the database's, kept after the row is written instead of before:
-- - products.version: the API's statements that change a field of the edit form or the stock (a
--   sale, a cancellation, a deleted order, an edit) set `version = version + 1` themselves
--   (modules/catalog/product-version.ts). Any other statement that changes such a field and
--   leaves the version alone has it grown by the AFTER trigger below, with an UPDATE of its own:
--   a second version of the row, so the API's statements don't rely on it. A statement that
--   writes any version but the old one or the next is refused (0004's trigger ignored it).
-- - products.seller_active: taken from the seller on INSERT, as before (that BEFORE INSERT
--   trigger stays; it has no bearing on UPDATE). An UPDATE that changes a product's seller or
--   status has it set again from the seller by the AFTER trigger below, as 0002's trigger did
--   before the write. In the API only users_give_seller_status does that, with the right value.
--
-- And the AFTER UPDATE row triggers name their columns. PostgreSQL reads a trigger's WHEN from
-- its stored text and plans it again at every execution of a statement, before it can tell the
-- WHEN is false; a trigger for some columns is passed over at once by a statement that sets none
-- of them. The column lists are the columns each WHEN compares (the name for its search text, a
-- generated column), so each trigger still fires exactly when its WHEN holds. A sale's UPDATE
-- (the stock and the version) now plans one small WHEN, where it planned three larger ones and
-- ran two PL/pgSQL functions for the generated search text and the version.
DROP TRIGGER "products_version" ON "products";--> statement-breakpoint
DROP FUNCTION products_bump_version();--> statement-breakpoint
DROP TRIGGER "products_seller_status" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_seller_status" BEFORE INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION products_take_seller_status();--> statement-breakpoint
-- The fields are the edit form's and the stock, as in 0004's products_bump_version.
CREATE FUNCTION products_version_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version THEN
    RAISE EXCEPTION 'products.version of % went from % to %: only the next version may be written', NEW.id, OLD.version, NEW.version
      USING ERRCODE = 'check_violation', CONSTRAINT = 'products_version_grows';
  END IF;
  IF (NEW.name, NEW.price_ore, NEW.image, NEW.category, NEW.brand, NEW.count_in_stock, NEW.description,
      NEW.shipping_price_ore, NEW.shipping_info)
     IS DISTINCT FROM
     (OLD.name, OLD.price_ore, OLD.image, OLD.category, OLD.brand, OLD.count_in_stock, OLD.description,
      OLD.shipping_price_ore, OLD.shipping_info) THEN
    UPDATE products SET version = version + 1 WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_version_follows" AFTER UPDATE OF
  "name", "price_ore", "image", "category", "brand", "count_in_stock", "description", "shipping_price_ore",
  "shipping_info", "version"
ON "products" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version + 1)
EXECUTE FUNCTION products_version_follows();--> statement-breakpoint
-- FOR SHARE, as in 0002: a status change of the seller in progress is waited for.
CREATE FUNCTION products_seller_status_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  SELECT u.is_seller AND u.deleted_at IS NULL INTO active FROM users u WHERE u.id = NEW.seller_id FOR SHARE;
  IF NEW.seller_active IS DISTINCT FROM coalesce(active, false) THEN
    UPDATE products SET seller_active = coalesce(active, false) WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_seller_status_follows" AFTER UPDATE OF "seller_id", "seller_active" ON "products"
FOR EACH ROW WHEN (NEW.seller_id IS DISTINCT FROM OLD.seller_id OR NEW.seller_active IS DISTINCT FROM OLD.seller_active)
EXECUTE FUNCTION products_seller_status_follows();--> statement-breakpoint
DROP TRIGGER "products_words_update" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_words_update" AFTER UPDATE OF
  "name", "seller_active", "is_draft", "category", "price_ore", "rating", "created_at"
ON "products" FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.seller_active IS DISTINCT FROM NEW.seller_active
  OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.price_ore IS DISTINCT FROM NEW.price_ore OR OLD.rating IS DISTINCT FROM NEW.rating
  OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION products_words_updated();--> statement-breakpoint
DROP TRIGGER "products_day_count_updated" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_day_count_updated" AFTER UPDATE OF "category", "created_at", "seller_active", "is_draft"
ON "products" FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.seller_active IS DISTINCT FROM NEW.seller_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft)
EXECUTE FUNCTION products_day_count_updated();--> statement-breakpoint
DROP TRIGGER "products_count_updated" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_count_updated" AFTER UPDATE OF "category", "seller_id", "seller_active", "is_draft"
ON "products" FOR EACH ROW
WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
  OR OLD.seller_active IS DISTINCT FROM NEW.seller_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft)
EXECUTE FUNCTION products_count_updated();
