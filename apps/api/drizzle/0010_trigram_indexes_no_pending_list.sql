-- The name search's trigram indexes write each new entry into the index itself, not into a
-- pending list (issue 13). With GIN's default (fastupdate on) every product write that touches
-- the index (an edit, a review moving the rating) appended to a pending list that every search
-- then read through in full until a vacuum merged it: at a million products, a few thousand
-- writes left 300 pending pages and doubled a name + category search (bitmap 9.8 ms, 4.8 ms
-- after merging; docs/performance.md). Writes pay a little more each instead of every search.
ALTER INDEX "products_on_sale_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_on_sale_category_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
-- Whatever is pending now goes into the index at once.
SELECT gin_clean_pending_list('products_on_sale_search_trgm_idx'::regclass),
  gin_clean_pending_list('products_on_sale_category_search_trgm_idx'::regclass);
