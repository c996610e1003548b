-- Seller applications and the admins' decisions on them, one row per event, never changed or
-- deleted (docs/decisions/265-seller-application-decisions.md): 'applied' when the applicant
-- sends the application (in the language they used), 'approved' / 'rejected' / 'revoked' when an
-- admin decides, with the admin and the reason. The applicant's state is read from their flags
-- and their latest decision. The foreign keys refuse deleting a person with such history: the
-- admin's delete anonymises them instead, as for orders and ledger entries.
CREATE TABLE "seller_application_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"admin_id" uuid,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_application_events_kind_check" CHECK ("seller_application_events"."kind" in ('applied', 'approved', 'rejected', 'revoked')),
	CONSTRAINT "seller_application_events_admin_check" CHECK (("seller_application_events"."kind" = 'applied') = ("seller_application_events"."admin_id" is null)),
	CONSTRAINT "seller_application_events_language_check" CHECK ("seller_application_events"."language" in ('sv', 'en'))
);
--> statement-breakpoint
ALTER TABLE "seller_application_events" ADD CONSTRAINT "seller_application_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_application_events" ADD CONSTRAINT "seller_application_events_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_application_events_user_idx" ON "seller_application_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "seller_application_events_admin_idx" ON "seller_application_events" USING btree ("admin_id") WHERE admin_id is not null;
