-- The admin's product list (GET /api/products?scope=manage, /productlist) reads every product,
-- drafts and closed shops' included, where the catalogue's indexes are partial (listed products
-- only). At 100 000 products its first page sorted every row (newest first) and its name search
-- tested every row's trigrams: 0.7 to 1.6 s (bench/admin-lists.mjs). These two indexes cover
-- every product: the newest-first page reads 50 index entries, and a search reads the trigram
-- index, as the catalogue's does (fastupdate off, as migration 0010 says why).
CREATE INDEX "products_created_idx" ON "products" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
