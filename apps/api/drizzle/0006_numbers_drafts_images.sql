-- Issues 16 and 19: short numbers people can read, product drafts and image galleries.
--
-- Human order numbers (T-100001, …) and short product numbers (1001, …): sequential and unique,
-- given by the database so concurrent inserts never collide. Existing rows are numbered in the
-- order they were created.
CREATE SEQUENCE "orders_number_seq" START WITH 100001;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;
--> statement-breakpoint
UPDATE "orders" o SET "number" = n.number
FROM (SELECT id, nextval('orders_number_seq') AS number FROM (SELECT id FROM "orders" ORDER BY created_at, id) ordered) n
WHERE o.id = n.id;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq'), ALTER COLUMN "number" SET NOT NULL;
--> statement-breakpoint
ALTER SEQUENCE "orders_number_seq" OWNED BY "orders"."number";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" ("number");
--> statement-breakpoint
CREATE SEQUENCE "products_number_seq" START WITH 1001;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "number" bigint;
--> statement-breakpoint
UPDATE "products" p SET "number" = n.number
FROM (SELECT id, nextval('products_number_seq') AS number FROM (SELECT id FROM "products" ORDER BY created_at, id) ordered) n
WHERE p.id = n.id;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "number" SET DEFAULT nextval('products_number_seq'), ALTER COLUMN "number" SET NOT NULL;
--> statement-breakpoint
ALTER SEQUENCE "products_number_seq" OWNED BY "products"."number";
--> statement-breakpoint
CREATE UNIQUE INDEX "products_number_idx" ON "products" ("number");
--> statement-breakpoint
-- A draft is not shown to shoppers until it is saved with a name, a price above 0 and an image.
-- Existing products are all on sale already.
ALTER TABLE "products" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Up to 8 image paths; the first is always the same as "image".
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "images" = jsonb_build_array("image") WHERE "image" <> '';
