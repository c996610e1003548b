-- Payment requests (docs/decisions/212-seller-payment-requests.md): a seller whose balance is
-- negative (Swish commissions, plan fees) is asked to pay it by Swish to the marketplace's number.
-- Marking a request received books one 'seller_payment' ledger entry keyed by the request, so it
-- books once. A seller has at most one open request (the partial unique index).
ALTER TABLE "site_settings" ADD COLUMN "swish_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "seller_payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "seller_payment_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"swish_number" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	CONSTRAINT "seller_payment_requests_amount_check" CHECK ("seller_payment_requests"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "seller_payment_requests" ADD CONSTRAINT "seller_payment_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payment_requests_number_key" ON "seller_payment_requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payment_requests_open_seller_key" ON "seller_payment_requests" USING btree ("seller_id") WHERE received_at is null;--> statement-breakpoint
CREATE INDEX "seller_payment_requests_created_idx" ON "seller_payment_requests" USING btree ("created_at","id");
