-- Sale prices and the price history (docs/decisions/292-sale-prices-and-price-history.md): a
-- product may have a sale price in force from `sale_starts_at` until `sale_ends_at`; the three are
-- set together or not at all. `product_price_history` keeps the price a buyer would pay (the
-- sale price while a sale runs, the ordinary price otherwise) from each moment it changed, kept
-- by the trigger of db/sql/45-price-history.sql, so "the lowest price in the 30 days before the
-- reduction" (prisinformationslagen 7 a §) is read from what really applied. A sale's start and
-- end, known ahead, are written as rows from those times; rows still in the future are rewritten
-- whenever the product's price or sale changes. History starts here: the listed products' prices
-- as of now.
ALTER TABLE "products" ADD COLUMN "sale_price_ore" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_check" CHECK (("products"."sale_price_ore" IS NULL AND "products"."sale_starts_at" IS NULL AND "products"."sale_ends_at" IS NULL) OR ("products"."sale_price_ore" >= 0 AND "products"."sale_ends_at" > "products"."sale_starts_at"));--> statement-breakpoint
CREATE TABLE "product_price_history" (
	"product_id" uuid NOT NULL,
	"in_force_from" timestamp with time zone NOT NULL,
	"price_ore" integer NOT NULL,
	CONSTRAINT "product_price_history_pkey" PRIMARY KEY("product_id","in_force_from")
);--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_price_history" ("product_id", "in_force_from", "price_ore")
	SELECT "id", now(), "price_ore" FROM "products" WHERE NOT "is_draft";
