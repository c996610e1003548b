-- Who a seller is (docs/decisions/260-seller-identity.md): a business or a private person, the
-- legal name, and when they certified that they only offer products that comply with EU law. A
-- business's organisation number stays in "organisation_number" (public, the spec's field); a
-- private seller's personal identity number has a table of its own, so no read of a shop can
-- carry it: only the seller themself (masked) and admins are answered it. The address DAC7 asks
-- for is the shop's address, post number and city, which every application already requires.
ALTER TABLE "sellers" ADD COLUMN "seller_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "self_certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_seller_type_check" CHECK ("sellers"."seller_type" in ('', 'business', 'private'));--> statement-breakpoint
CREATE TABLE "seller_personal_numbers" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"personal_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_personal_numbers" ADD CONSTRAINT "seller_personal_numbers_seller_id_sellers_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("user_id") ON DELETE cascade ON UPDATE no action;
