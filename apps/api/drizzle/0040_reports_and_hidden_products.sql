-- Products out of public view without being deleted (docs/decisions/243-hidden-and-removed-products.md):
-- `hidden` by the seller (reversible), `removed` by an admin's moderation decision. Both are
-- folded into seller_active by the triggers of db/sql/20-seller-status.sql (applied after this),
-- so the catalogue's predicate, its partial indexes and the counting triggers stay as they are.
-- Reports of products and shops (DSA art. 16) with the decision on each (art. 17).
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"product_name" text,
	"seller_id" uuid NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"reporter_id" uuid,
	"reporter_email" text,
	"language" text DEFAULT 'sv' NOT NULL,
	"decision" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_category_check" CHECK ("reports"."category" in ('illegal_product', 'counterfeit', 'scam', 'dangerous_product', 'offensive_content', 'other')),
	CONSTRAINT "reports_decision_check" CHECK ("reports"."decision" in ('keep', 'remove')),
	CONSTRAINT "reports_decided_check" CHECK (("reports"."decision" is null) = ("reports"."decided_at" is null) and ("reports"."decision" is null) = ("reports"."reason" is null)),
	CONSTRAINT "reports_language_check" CHECK ("reports"."language" in ('sv', 'en'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE decision is null;--> statement-breakpoint
CREATE INDEX "reports_decided_idx" ON "reports" USING btree ("decided_at" DESC NULLS FIRST) WHERE decision is not null;--> statement-breakpoint
CREATE INDEX "reports_product_idx" ON "reports" USING btree ("product_id") WHERE product_id is not null;--> statement-breakpoint
CREATE INDEX "reports_seller_idx" ON "reports" USING btree ("seller_id");
