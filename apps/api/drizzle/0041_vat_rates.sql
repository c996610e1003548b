-- Moms rates (docs/decisions/280-moms-included-in-prices.md): every price includes moms; each
-- product has its rate (25, 12 or 6 %, 25 by default) and each order line keeps the rate it was
-- bought at, so a receipt can say how much of its total is moms per rate. Lines from before this
-- were all sold at the standard rate. The product's kept JSON gains `vatRate` in its tail; the
-- kept columns are re-created when the definitions are applied after this (docs/operations.md).
ALTER TABLE "products" ADD COLUMN "vat_rate" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" IN (25, 12, 6));--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_rate_check" CHECK ("order_items"."vat_rate" IN (25, 12, 6));
