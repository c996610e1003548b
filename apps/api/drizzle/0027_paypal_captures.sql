-- Every PayPal capture the server verifies is kept, whatever it did (docs/security.md: the
-- capture rule). A capture that pays nothing (its order was paid by another capture, cancelled
-- or expired meanwhile, or the amount is wrong) is refunded through PayPal; its refund state is
-- kept here until PayPal accepts the refund. The capture id is the key, so a retried or racing
-- call books a capture once. The marketplace's ledger books from this table.
CREATE TABLE "paypal_captures" (
	"capture_id" text PRIMARY KEY NOT NULL,
	"paypal_order_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"refund_state" text NOT NULL,
	"paypal_refund_id" text,
	"paypal_refund_status" text,
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_captures_outcome_check" CHECK ("paypal_captures"."outcome" in ('paid', 'duplicate', 'cancelled', 'expired', 'wrong_amount')),
	CONSTRAINT "paypal_captures_refund_check" CHECK ("paypal_captures"."refund_state" in ('none', 'due', 'sent') and ("paypal_captures"."outcome" = 'paid') = ("paypal_captures"."refund_state" = 'none')),
	CONSTRAINT "paypal_captures_amount_check" CHECK ("paypal_captures"."amount_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "paypal_captures" ADD CONSTRAINT "paypal_captures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paypal_captures_order_idx" ON "paypal_captures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "paypal_captures_due_idx" ON "paypal_captures" USING btree ("next_attempt_at") WHERE refund_state = 'due';--> statement-breakpoint
-- Creating a PayPal order for an unpaid order holds its stock a bounded while longer, for the
-- capture's answer (modules/orders/order-cancellation.service.ts).
ALTER TABLE "orders" ADD COLUMN "paypal_started_at" timestamp with time zone;--> statement-breakpoint
-- The captures that paid an order before this table existed, so the table is the whole record.
INSERT INTO "paypal_captures" ("capture_id", "paypal_order_id", "order_id", "amount_ore", "currency", "outcome", "refund_state", "created_at", "updated_at")
SELECT "paypal_capture_id", coalesce("payment_result"->>'id', ''), "id", "total_price_ore", 'SEK', 'paid', 'none', coalesce("paid_at", "updated_at"), "updated_at"
FROM "orders" WHERE "paypal_capture_id" IS NOT NULL;
