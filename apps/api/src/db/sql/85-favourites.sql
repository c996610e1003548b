-- A saved product that comes back in stock (from none to some, by any write: a seller's save, an
-- import, a cancelled order, a withdrawal or refund putting stock back) leaves a notice for each
-- user who saved it; the favourites mail sweep sends them (modules/favourites). One pending
-- notice per user, product and kind: a product that sells out and comes back twice before the
-- mail leaves one. Whether the product is shown to the public is read when the mail is written.
CREATE OR REPLACE FUNCTION torget_favourites_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO favourite_notices (user_id, product_id, kind)
  SELECT f.user_id, f.product_id, 'back_in_stock' FROM favourites f WHERE f.product_id = NEW.id
  ON CONFLICT (user_id, product_id, kind) WHERE sent_at IS NULL DO NOTHING;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER products_favourites_back_in_stock
  AFTER UPDATE OF count_in_stock ON products
  FOR EACH ROW WHEN (OLD.count_in_stock = 0 AND NEW.count_in_stock > 0)
  EXECUTE FUNCTION torget_favourites_back_in_stock();
