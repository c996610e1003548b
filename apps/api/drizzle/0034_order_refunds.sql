-- Refunds of paid orders: PayPal through PayPal's refund API, Swish by the seller from their Swish
-- app, recorded with the date (docs/decisions/231-refunds.md). Each row is one refund; their sum
-- never exceeds the order's total (checked under the order's row lock). `seq` numbers an order's
-- refunds (1, 2, …) and names the PayPal request, so a retried refund is refunded once.
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"amount_ore" bigint NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"paypal_refund_id" text,
	"paypal_request_id" text,
	"withdrawal_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_ore" > 0),
	CONSTRAINT "order_refunds_method_check" CHECK ("order_refunds"."method" in ('PayPal', 'Swish')),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('completed', 'pending')),
	CONSTRAINT "order_refunds_note_check" CHECK ("order_refunds"."note" is null or char_length("order_refunds"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_seq" ON "order_refunds" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_withdrawal" ON "order_refunds" USING btree ("withdrawal_id") WHERE "order_refunds"."withdrawal_id" is not null;
