-- Issue 13, twenty-third pass: a product's reviews kept as the answer's JSON text, written when
-- they change instead of put together on every read. The product page's statement aggregated
-- the product's reviews on each read: a heap page per review (a product's reviews are written
-- over months, so each is on a page of its own), a sort, and the text of every field. With 300
-- reviews a product, PostgreSQL's CPU a product page is a quarter of what it was; on PGlite, with
-- 30, no difference could be shown (performance.md, twenty-third pass). The list is written
-- once per change of the product's reviews instead.
--
-- The text is exactly what the page's statement wrote before (catalog.service.ts): the reviews
-- newest first, each written as JSON.stringify writes it (`to_json` of a string escapes the same
-- characters). `torget_review_json` is that shape, in one place; `torget_review_list` the list
-- of one product. Every column it reads is NOT NULL: a null would make a review's text null, and
-- string_agg would leave that review out. A product without reviews has no row: the page reads
-- '[]' then.
--
-- Kept by statement-level triggers on reviews, so no writer can leave a list behind: a review
-- added (torget_add_review), the reviews an account's deletion renames, or a bulk insert (the
-- demo seed) each write the lists of the products they touched, once per statement. The
-- trigger locks those products first, as a review of a product does: the lists are then written
-- by a statement that sees every review committed before it, so when two transactions change
-- one product's reviews at once, the later list has both changes.
CREATE TABLE "product_review_texts" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"reviews" text NOT NULL,
	CONSTRAINT "product_review_texts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE FUNCTION torget_review_json(r reviews) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT '{"_id":"' || r.id::text || '","name":' || to_json(r.name)::text || ',"rating":' || r.rating::text
		|| ',"comment":' || to_json(r.comment)::text || ',"createdAt":"'
		|| to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		|| '","verified":' || r.verified::text || '}'
$$;--> statement-breakpoint
CREATE FUNCTION torget_review_list(p_product uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce('[' || string_agg(torget_review_json(r), ',' ORDER BY r.created_at DESC, r.id DESC) || ']', '[]')
	FROM reviews r WHERE r.product_id = p_product
$$;--> statement-breakpoint
CREATE PROCEDURE torget_list_reviews(p_products uuid[]) LANGUAGE sql AS $$
	INSERT INTO product_review_texts (product_id, reviews)
	SELECT p.id, torget_review_list(p.id) FROM products p WHERE p.id = ANY (p_products)
	ON CONFLICT (product_id) DO UPDATE SET reviews = excluded.reviews;
$$;--> statement-breakpoint
-- The products a statement changed reviews of, locked in one order (NO KEY UPDATE: it waits for
-- a review of them, torget_add_review's FOR UPDATE, and for another list, not for an order
-- item naming them), then their lists written.
CREATE FUNCTION torget_reviews_relist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_products uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT n.product_id) INTO v_products FROM new_reviews n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(DISTINCT o.product_id) INTO v_products FROM old_reviews o;
	ELSE
		SELECT array_agg(DISTINCT c.product_id) INTO v_products FROM (
			SELECT n.product_id FROM new_reviews n UNION SELECT o.product_id FROM old_reviews o
		) c;
	END IF;
	IF v_products IS NULL THEN
		RETURN NULL;
	END IF;
	PERFORM 1 FROM products p WHERE p.id = ANY (v_products) ORDER BY p.id FOR NO KEY UPDATE;
	CALL torget_list_reviews(v_products);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_relist_inserted AFTER INSERT ON "reviews"
REFERENCING NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();--> statement-breakpoint
CREATE TRIGGER reviews_relist_updated AFTER UPDATE ON "reviews"
REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();--> statement-breakpoint
CREATE TRIGGER reviews_relist_deleted AFTER DELETE ON "reviews"
REFERENCING OLD TABLE AS old_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();--> statement-breakpoint
INSERT INTO product_review_texts (product_id, reviews)
SELECT p.id, torget_review_list(p.id) FROM products p WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id);
