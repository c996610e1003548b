-- The hourly sweep of never-saved drafts (issue 16, modules/catalog/draft-cleanup.service.ts)
-- reads only drafts by age: a small partial index instead of a scan of every product.
CREATE INDEX IF NOT EXISTS "products_draft_created_idx" ON "products" ("created_at") WHERE is_draft;
