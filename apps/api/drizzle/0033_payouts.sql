-- Payout batches (docs/decisions/250-payout-batches.md): an admin's batch of what the marketplace
-- pays each eligible seller, one line per seller with the orders it covers. Marking a batch sent
-- books one 'payout' ledger entry per line, keyed by the line. A seller has at most one line in
-- batches not yet sent (the partial unique index), so two batches made at once never pay twice.
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payouts_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"minimum_ore" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" uuid
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"order_ids" uuid[] DEFAULT '{}' NOT NULL,
	"order_numbers" bigint[] DEFAULT '{}' NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payout_lines_amount_check" CHECK ("payout_lines"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_number_key" ON "payouts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_payout_seller_key" ON "payout_lines" USING btree ("payout_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_unsent_seller_key" ON "payout_lines" USING btree ("seller_id") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "payout_lines_seller_idx" ON "payout_lines" USING btree ("seller_id");
