-- btree_gin lets one GIN index hold the category and the name trigrams.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_name_trgm_idx" ON "products" USING gin ("category",lower("name") gin_trgm_ops) WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "products_on_sale_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_ore","id") WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id") WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_price_idx" ON "products" USING btree ("category","price_ore","id") WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_seller_created_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE seller_active;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_rating_idx" ON "products" USING btree ("category","rating" DESC NULLS FIRST,"id") WHERE seller_active;
