-- products.seller_active says "on public view, drafts aside": the seller is an active seller
-- (is_seller and not deleted) and the product is neither hidden by the seller nor removed by
-- moderation. Kept here so catalogue reads need no join to users and no predicate of their own
-- for hidden and removed products (docs/decisions/243-hidden-and-removed-products.md): the
-- partial indexes over `seller_active and not is_draft` and the counting triggers on
-- seller_active cover them as they are. A product takes its status when inserted; a change of a
-- user's status is copied to their products; an UPDATE that changes a product's seller, status,
-- hidden or removed has it set again (the API's statements set the right value themselves).
--
-- FOR SHARE waits for a status change of the seller in progress, so a product written at the
-- moment its seller is revoked never keeps the old status.

-- BEFORE INSERT only: any BEFORE UPDATE row trigger on products makes PostgreSQL recompute every
-- stored generated column on every UPDATE (the search text, the product's JSON), which a sale's
-- stock UPDATE would otherwise skip. Updates are followed after the write, below.
CREATE OR REPLACE FUNCTION products_take_seller_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  SELECT u.is_seller AND u.deleted_at IS NULL INTO active FROM users u WHERE u.id = NEW.seller_id FOR SHARE;
  NEW.seller_active := coalesce(active, false) AND NOT NEW.hidden AND NOT NEW.removed;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER products_seller_status BEFORE INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION products_take_seller_status();

-- After an UPDATE that changed the seller or the status: a second version of the row when the
-- status written is not the seller's. In the API only users_give_seller_status changes it,
-- with the right value.
CREATE OR REPLACE FUNCTION products_seller_status_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  SELECT u.is_seller AND u.deleted_at IS NULL INTO active FROM users u WHERE u.id = NEW.seller_id FOR SHARE;
  active := coalesce(active, false) AND NOT NEW.hidden AND NOT NEW.removed;
  IF NEW.seller_active IS DISTINCT FROM active THEN
    UPDATE products SET seller_active = active WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_seller_status_follows AFTER UPDATE OF "seller_id", "seller_active", "hidden", "removed" ON "products"
FOR EACH ROW WHEN (NEW.seller_id IS DISTINCT FROM OLD.seller_id OR NEW.seller_active IS DISTINCT FROM OLD.seller_active
  OR NEW.hidden IS DISTINCT FROM OLD.hidden OR NEW.removed IS DISTINCT FROM OLD.removed)
EXECUTE FUNCTION products_seller_status_follows();

CREATE OR REPLACE FUNCTION users_give_seller_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET seller_active = (NEW.is_seller AND NEW.deleted_at IS NULL AND NOT hidden AND NOT removed)
  WHERE seller_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_seller_status AFTER UPDATE OF is_seller, deleted_at ON "users"
FOR EACH ROW
WHEN (OLD.is_seller IS DISTINCT FROM NEW.is_seller OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION users_give_seller_status();
