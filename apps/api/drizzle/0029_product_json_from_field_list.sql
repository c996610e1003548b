-- The product's JSON text (products.shown_head and shown_tail, migration 0025) written by
-- functions generated from the product's field list (apps/api/src/db/product-fields.ts,
-- docs/decisions/190-product-json-from-one-field-list.md) instead of hand-written ones: the
-- hand-written torget_product_json_head and _tail repeated every key and every value's format of
-- the API's serializer. The generated torget_product_shown_head and _tail are applied before the
-- migrations (db/sql-definitions.ts, applyBeforeMigrations), so they exist here; the old
-- functions are dropped after this by db/sql, which no longer defines them.
--
-- The JSON the API answers with is the same, to the byte. Only the split moves: `shown_head` now
-- ends at the seller's `"_id":"…"` (the seller's name is joined on each read, with the rest of
-- the seller's brief), so every stored copy is written again. A generated column's expression
-- cannot change in PostgreSQL 15: both columns are dropped and added again, which rewrites the
-- products table once, as 0025 and 0028 did (docs/operations.md).
ALTER TABLE "products" DROP COLUMN "shown_head";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "shown_tail";--> statement-breakpoint
ALTER TABLE "products"
	ADD COLUMN "shown_head" text GENERATED ALWAYS AS (torget_product_shown_head(
		"id", "name", "price_ore", "image", "category", "brand", "count_in_stock", "description", "rating",
		"num_reviews", "verified_rating", "num_verified_reviews", "shipping_price_ore", "shipping_info", "seller_id"
	)) STORED NOT NULL,
	ADD COLUMN "shown_tail" text GENERATED ALWAYS AS (torget_product_shown_tail(
		"created_at", "updated_at", "version", "images", "image", "number", "is_draft"
	)) STORED NOT NULL;
