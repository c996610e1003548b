-- Where a seller's payouts go: a Swedish bank account, a Bankgiro number or an IBAN, as the
-- payout account rule checked it (docs/decisions/220-payout-account.md). A table of its own so no
-- read of a shop carries the number; payouts wait 3 days after changed_at.
CREATE TABLE "seller_payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"clearing_number" text,
	"account_number" text NOT NULL,
	"bic" text,
	"bank_name" text,
	"changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_payout_accounts_kind_check" CHECK ("seller_payout_accounts"."kind" in ('bank_account', 'bankgiro', 'iban')),
	CONSTRAINT "seller_payout_accounts_clearing_check" CHECK (("seller_payout_accounts"."kind" = 'bank_account') = ("seller_payout_accounts"."clearing_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "seller_payout_accounts" ADD CONSTRAINT "seller_payout_accounts_seller_id_sellers_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("user_id") ON DELETE cascade ON UPDATE no action;
