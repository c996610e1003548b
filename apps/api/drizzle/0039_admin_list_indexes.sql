-- The admin's user and order lists search and filter at 100 000 rows without reading a table
-- whole (docs/decisions/270-admin-lists-search-and-filters.md). Every list sorts newest first,
-- `created_at DESC, id DESC` (NULLS FIRST, PostgreSQL's default for DESC), so each btree below
-- ends in those keys and gives the page in order with no sort.
--
-- Users: the accounts that are not deleted, newest first; each role and shop status has a
-- partial index, so its filter reads only its rows: the few admins, sellers and applicants, and
-- the customers and closed shops (most accounts), whose exact count is then read from the index
-- alone rather than by testing every row.
CREATE INDEX "users_listed_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null and not is_admin and not is_seller;--> statement-breakpoint
CREATE INDEX "users_closed_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null and not is_seller and not wants_to_be_seller;--> statement-breakpoint
CREATE INDEX "users_admins_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null and is_admin;--> statement-breakpoint
CREATE INDEX "users_sellers_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null and is_seller;--> statement-breakpoint
CREATE INDEX "users_applicants_created_idx" ON "users" ("created_at" DESC, "id" DESC) WHERE deleted_at is null and wants_to_be_seller and not is_seller;--> statement-breakpoint
-- The search text of an account (name and e-mail) and of an order (the buyer's and the shop's
-- names as the order keeps them), folded as torget_search_text folds a product's name (lower
-- case, no accents: db/sql/10-search-text.sql), so "lofgren" finds "Löfgren". Stored, as
-- products.search_text is: a trigram match is rechecked on every candidate row, and reading a
-- column costs far less than calling the function for each (10 000 candidates: 85 ms against a
-- few). A change of torget_search_text must write these again, as it must the products'.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (torget_search_text("name" || ' ' || "email")) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (torget_search_text("buyer_name" || ' ' || "seller_name")) STORED;--> statement-breakpoint
-- fastupdate off, as the product name indexes (migration 0010): no pending list for every search to read.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- A search with an '@' is an e-mail typed from its start: a range of this index (stored
-- lower-case), where the trigrams of a domain every account shares would each list them all.
CREATE INDEX "users_email_prefix_idx" ON "users" ("email" text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
-- Orders: one state each (rules/admin-lists.ts, orderListState), kept in the index as the list's
-- filter writes it, then newest first; the date range reads orders_created_idx or this index.
CREATE INDEX "orders_state_created_idx" ON "orders" ((CASE WHEN cancelled_at IS NOT NULL THEN 'cancelled' WHEN is_delivered THEN 'delivered' WHEN shipped_at IS NOT NULL THEN 'shipped' WHEN is_paid THEN 'paid' ELSE 'unpaid' END), "created_at" DESC, "id" DESC);
