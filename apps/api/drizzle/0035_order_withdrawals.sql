-- The buyer's right of withdrawal: a withdrawal names products and quantities of an order, and the
-- seller (or an admin) accepts or rejects it once, with the refund, whether the goods came back and
-- whether they went back into stock (docs/decisions/235-withdrawals.md).
CREATE TABLE "order_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_amount_ore" bigint,
	"restocked" boolean DEFAULT false NOT NULL,
	"goods_returned" boolean,
	CONSTRAINT "order_withdrawals_state_check" CHECK ("order_withdrawals"."state" in ('requested', 'accepted', 'rejected')),
	CONSTRAINT "order_withdrawals_reason_check" CHECK ("order_withdrawals"."reason" is null or char_length("order_withdrawals"."reason") between 1 and 1000),
	CONSTRAINT "order_withdrawals_decision_check" CHECK (("order_withdrawals"."state" = 'requested') = ("order_withdrawals"."decided_at" is null) and ("order_withdrawals"."state" = 'accepted') = ("order_withdrawals"."refund_amount_ore" is not null) and ("order_withdrawals"."state" = 'accepted') = ("order_withdrawals"."goods_returned" is not null)),
	CONSTRAINT "order_withdrawals_refund_check" CHECK ("order_withdrawals"."refund_amount_ore" is null or "order_withdrawals"."refund_amount_ore" >= 0),
	CONSTRAINT "order_withdrawals_restock_check" CHECK (not "order_withdrawals"."restocked" or ("order_withdrawals"."state" = 'accepted' and "order_withdrawals"."goods_returned"))
);
--> statement-breakpoint
CREATE TABLE "order_withdrawal_lines" (
	"withdrawal_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"qty" integer NOT NULL,
	"price_ore" integer NOT NULL,
	CONSTRAINT "order_withdrawal_lines_qty_check" CHECK ("order_withdrawal_lines"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_withdrawal_id_order_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."order_withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_withdrawals_order_idx" ON "order_withdrawals" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "order_withdrawals_open_idx" ON "order_withdrawals" USING btree ("requested_at") WHERE state = 'requested';--> statement-breakpoint
CREATE INDEX "order_withdrawal_lines_withdrawal_idx" ON "order_withdrawal_lines" USING btree ("withdrawal_id");
