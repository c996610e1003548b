-- The admin's name search over every product (GET /api/products?scope=manage&name=…) read each
-- product's search text: 0.7 to 1.7 s at 100 000 products (bench/admin-lists.mjs). A trigram
-- index over every product is one the planner prefers to the catalogue's partial ones for the
-- shoppers' name search (migration 0047), so this one holds only the products those leave out
-- (drafts, hidden, removed, closed shops'): the admin's search reads the listed ones from
-- products_on_sale_search_trgm_idx and the rest from here, and no catalogue search can use it,
-- its predicate being the catalogue's opposite (docs/decisions/297). Without GIN's pending list,
-- as the catalogue's (migration 0010). The admin's counts per state are kept by the triggers of
-- db/sql/50-catalogue-counts.sql, which count them once when first applied.
CREATE INDEX "products_unlisted_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE NOT seller_active OR is_draft;
