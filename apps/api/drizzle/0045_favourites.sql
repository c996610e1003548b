-- Favourites (docs/decisions/294-favourites.md): the products a signed-in user saved, and the
-- notices waiting for the user's next favourites mail (a saved product back in stock or on sale).
-- A notice is sent at most once a day per user, several summarised in one mail; `sent_at` marks
-- the notices a mail carried. The back-in-stock notices are written by a trigger
-- (db/sql/85-favourites.sql), the sale notices by the service the sale-price code calls.
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_pkey" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "favourite_notices_kind_check" CHECK ("favourite_notices"."kind" IN ('back_in_stock', 'on_sale'))
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_notices" ADD CONSTRAINT "favourite_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_notices" ADD CONSTRAINT "favourite_notices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_notices_pending_key" ON "favourite_notices" USING btree ("user_id","product_id","kind") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "favourite_notices_product_idx" ON "favourite_notices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favourite_notices_user_sent_idx" ON "favourite_notices" USING btree ("user_id","sent_at");
