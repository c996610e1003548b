-- products.seller_active is a copy of "the seller is an active seller" (is_seller and not
-- deleted), kept here by triggers so catalogue reads need no join to users. A product takes
-- its seller's status when written; a change of a user's status is copied to their products.
UPDATE "products" p SET "seller_active" = (u."is_seller" AND u."deleted_at" IS NULL)
FROM "users" u WHERE u."id" = p."seller_id";--> statement-breakpoint
-- FOR SHARE waits for a status change of the seller in progress, so a product written at the
-- moment its seller is revoked never keeps the old status.
CREATE FUNCTION products_take_seller_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active boolean;
BEGIN
  SELECT u.is_seller AND u.deleted_at IS NULL INTO active FROM users u WHERE u.id = NEW.seller_id FOR SHARE;
  NEW.seller_active := coalesce(active, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_seller_status BEFORE INSERT OR UPDATE OF seller_id, seller_active ON "products"
FOR EACH ROW EXECUTE FUNCTION products_take_seller_status();--> statement-breakpoint
CREATE FUNCTION users_give_seller_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET seller_active = (NEW.is_seller AND NEW.deleted_at IS NULL)
  WHERE seller_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_seller_status AFTER UPDATE OF is_seller, deleted_at ON "users"
FOR EACH ROW
WHEN (OLD.is_seller IS DISTINCT FROM NEW.is_seller OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION users_give_seller_status();
