-- Issue 13, twenty-second pass: the rated products' words (migration 0018) with the rating as the
-- index's fourth key instead of an INCLUDEd column. A search with a rating bound ("3 stars and
-- up") read each entry of its word, category and price range, and checked the bound as a Filter:
-- after the visibility map and the tuple built for it, entry by entry, on a third of the entries
-- only to drop them. As a key column the bound is an index condition, checked on the index entry
-- itself inside the scan (not a range: the price before it is one), so an entry it drops costs
-- almost nothing. pgbench, the full search's statement as the API prepares it with random nouns
-- and categories: 0.83–0.99× PostgreSQL's CPU a statement in five alternated pairs, median 0.92×
-- (performance.md, twenty-second pass). The index keeps its name, its rows and what it serves.
DROP INDEX "product_words_rated_idx";--> statement-breakpoint
CREATE INDEX "product_words_rated_idx" ON "product_words" USING btree ("word", "category", "price_ore", "rating") INCLUDE ("id", "created_at") WHERE "rating" > 0;
