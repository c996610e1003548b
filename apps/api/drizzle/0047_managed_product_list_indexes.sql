-- The admin's product list (GET /api/products?scope=manage, /productlist) reads every product,
-- drafts and closed shops' included, where the catalogue's indexes are partial (listed products
-- only). At 100 000 products its first page sorted every row (newest first): 0.7 s
-- (bench/admin-lists.mjs). This index covers every product: the newest-first page reads 50 index
-- entries. Its name search has no index of its own: a trigram index over every product is one the
-- planner prefers for the catalogue's name search too, over the catalogue's partial ones.
CREATE INDEX "products_created_idx" ON "products" ("created_at" DESC, "id" DESC);
