-- After the sale: an order's shipment, the languages and site its mails follow, and the thread
-- between its buyer and its seller (docs/decisions/230-after-the-sale.md).
-- Existing orders keep 'en' (mails in both languages, as before) and the marketplace's links.
ALTER TABLE "orders" ADD COLUMN "buyer_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_on_shop_domain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_languages_check" CHECK ("orders"."buyer_language" in ('sv', 'en') and "orders"."seller_language" in ('sv', 'en'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipment_check" CHECK (("orders"."shipping_carrier" is null) = ("orders"."shipped_at" is null) and ("orders"."tracking_number" is null or "orders"."shipping_carrier" is not null));--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_role_check" CHECK ("order_messages"."author_role" in ('buyer', 'seller', 'admin')),
	CONSTRAINT "order_messages_text_check" CHECK (char_length("order_messages"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "order_message_reads" (
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_message_reads_order_id_user_id_pk" PRIMARY KEY("order_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_reads" ADD CONSTRAINT "order_message_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_reads" ADD CONSTRAINT "order_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_created_idx" ON "order_messages" USING btree ("order_id","created_at","id");
