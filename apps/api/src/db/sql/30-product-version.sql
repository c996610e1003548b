-- products.version grows whenever a field of the product edit form or the stock changes, by
-- whatever statement (an edit, a sale, a cancelled order), so an edit loaded before a sale
-- cannot write its old stock back. Other columns (ratings, seller_active) leave it alone.
--
-- The API's statements that change such a field set `version = version + 1` themselves
-- (modules/catalog/product-version.ts). Any other statement that changes one and leaves the
-- version alone has it grown by this AFTER trigger, with an UPDATE of its own; a statement that
-- writes any version but the old one or the next is refused. AFTER, not BEFORE: a BEFORE UPDATE
-- row trigger makes PostgreSQL recompute every stored generated column of products on every
-- UPDATE. The trigger names its columns, so a statement that sets none of them (a review's
-- rating) passes it over without planning its WHEN.
CREATE OR REPLACE FUNCTION products_version_follows() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE TRIGGER products_version_follows AFTER UPDATE OF
  "name", "price_ore", "image", "category", "brand", "count_in_stock", "description", "shipping_price_ore",
  "shipping_info", "version"
ON "products" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version + 1)
EXECUTE FUNCTION products_version_follows();
