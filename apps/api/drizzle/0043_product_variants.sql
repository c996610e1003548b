-- Product variants (docs/decisions/290-product-variants.md): a product may have up to two
-- options (Storlek, Färg) kept on the product, and one row here per combination sold, each with
-- its own stock, and optionally its own price, SKU (one per seller) and image. A product with
-- variants keeps `count_in_stock` as the sum of its variants' stock, written in the same
-- transaction as every change of theirs, so the catalogue's filters and counters read it as
-- before. An order line of a variant keeps the variant (null once deleted) and its name.
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"option_values" jsonb NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"price_ore" integer,
	"sku" text,
	"image" text,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."count_in_stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_ore" >= 0)
);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_seller_sku_idx" ON "product_variants" USING btree ("seller_id",lower("sku")) WHERE "product_variants"."sku" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id") WHERE "order_items"."variant_id" IS NOT NULL;
--> statement-breakpoint
-- The products that have options, for the search's sizes and colours (modules/catalog/variant-facets.ts).
CREATE INDEX "products_with_options_idx" ON "products" USING btree ("id") WHERE jsonb_array_length("products"."options") > 0 AND "products"."seller_active" AND NOT "products"."is_draft";
--> statement-breakpoint
-- Statistics of the options' length: without them the planner guessed a third of the products
-- have options and scanned the table instead of the index above.
CREATE STATISTICS IF NOT EXISTS "products_options_length_stats" ON (jsonb_array_length("options")) FROM "products";
