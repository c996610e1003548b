-- The marketplace's own money (docs/decisions/210-ledger-booked-with-the-event.md): an
-- append-only ledger of what it owes each seller, in öre, signed from the seller's side, and the
-- fees of each plan set by an admin. The trigger that refuses changing or deleting an entry is
-- in apps/api/src/db/sql/90-ledger.sql.
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"order_number" bigint,
	"payout_id" uuid,
	"rate_bp" integer,
	"base_ore" bigint,
	"period_start" timestamp with time zone,
	"note" text,
	"created_by" uuid,
	"booking_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('sale_collected', 'commission', 'commission_vat', 'plan_fee', 'refund', 'payout', 'seller_payment', 'correction')),
	CONSTRAINT "ledger_entries_period_check" CHECK (("ledger_entries"."kind" = 'plan_fee') = ("ledger_entries"."period_start" is not null)),
	CONSTRAINT "ledger_entries_note_check" CHECK ("ledger_entries"."kind" <> 'correction' or length(btrim(coalesce("ledger_entries"."note", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"plan" text PRIMARY KEY NOT NULL,
	"commission_bp" integer NOT NULL,
	"yearly_fee_ore" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_settings_plan_check" CHECK ("fee_settings"."plan" in ('1', '2', '3')),
	CONSTRAINT "fee_settings_commission_check" CHECK ("fee_settings"."commission_bp" between 0 and 10000),
	CONSTRAINT "fee_settings_fee_check" CHECK ("fee_settings"."yearly_fee_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_booking_key" ON "ledger_entries" USING btree ("booking_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_created_idx" ON "ledger_entries" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
-- The defaults: commission 10 / 5 / 3 %, the spec's plan prices 0 / 299 / 499 kr a year.
INSERT INTO "fee_settings" ("plan", "commission_bp", "yearly_fee_ore") VALUES ('1', 1000, 0), ('2', 500, 29900), ('3', 300, 49900);
