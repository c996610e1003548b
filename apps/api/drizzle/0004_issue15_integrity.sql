ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paypal_holding_idx" ON "orders" USING btree ("created_at") WHERE payment_method = 'PayPal' and not is_paid and cancelled_at is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_check" CHECK (("orders"."cancelled_at" is null) = ("orders"."cancel_reason" is null) and ("orders"."cancel_reason" is null or "orders"."cancel_reason" in ('expired', 'cancelled')));--> statement-breakpoint
-- The shop's public e-mail starts as the seller's login e-mail, as a new shop's does.
UPDATE "sellers" s SET "email" = u."email" FROM "users" u WHERE u."id" = s."user_id" AND u."deleted_at" IS NULL;--> statement-breakpoint
-- A review is a verified purchase when its author has a paid or delivered order of the product.
UPDATE "reviews" r SET "verified" = true
WHERE r."user_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE oi."product_id" = r."product_id" AND o."user_id" = r."user_id" AND (o."is_paid" OR o."is_delivered"));--> statement-breakpoint
-- A seller's rating counts verified-purchase reviews only (docs/decisions.md).
UPDATE "sellers" s SET
  "rating" = coalesce((SELECT avg(r."rating") FROM "reviews" r WHERE r."seller_id" = s."user_id" AND r."verified"), 0),
  "num_reviews" = (SELECT count(*) FROM "reviews" r WHERE r."seller_id" = s."user_id" AND r."verified");--> statement-breakpoint
-- Reviews of deleted (or anonymised) accounts show a neutral name.
UPDATE "reviews" r SET "name" = 'Tidigare kund'
WHERE r."user_id" IS NULL OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."user_id" AND u."deleted_at" IS NOT NULL);--> statement-breakpoint
-- products.version grows whenever a field of the product edit form or the stock changes, by
-- whatever statement (an edit, a sale, a cancelled order), so an edit loaded before a sale
-- cannot write its old stock back. Other columns (ratings, seller_active) leave it alone.
CREATE FUNCTION products_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.price_ore, NEW.image, NEW.category, NEW.brand, NEW.count_in_stock, NEW.description,
      NEW.shipping_price_ore, NEW.shipping_info)
     IS DISTINCT FROM
     (OLD.name, OLD.price_ore, OLD.image, OLD.category, OLD.brand, OLD.count_in_stock, OLD.description,
      OLD.shipping_price_ore, OLD.shipping_info) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON "products"
FOR EACH ROW EXECUTE FUNCTION products_bump_version();
