-- Reviews: the rating aggregates, adding a review in one round trip, and each product's reviews
-- kept as the answer's JSON text.
--
-- The rating aggregates (spec section 3: `rating` is the mean of the review ratings, 0 without
-- reviews; `numReviews` their number) are written here once, in torget_rate_product and
-- torget_rate_seller, for every writer: torget_add_review, the product delete and the demo seed
-- (db/ratings.ts calls them). A product's rating is the mean of its verified-purchase reviews
-- when it has one, otherwise of all its reviews; `numReviews` counts every review, and
-- verified_rating / num_verified_reviews are the verified reviews' own
-- (docs/decisions/120-ratings-from-verified-reviews.md). A seller's figures count only
-- verified-purchase reviews. A draft cannot be reviewed: it answers 'missing'.

CREATE OR REPLACE PROCEDURE torget_rate_product(p_product uuid) LANGUAGE sql AS $$
	UPDATE products SET
		rating = CASE WHEN r.num_verified > 0 THEN r.verified_mean ELSE r.mean END,
		num_reviews = r.num,
		verified_rating = r.verified_mean,
		num_verified_reviews = r.num_verified
	FROM (
		SELECT
			coalesce(avg(rating), 0) AS mean,
			count(*) AS num,
			coalesce(avg(rating) FILTER (WHERE verified), 0) AS verified_mean,
			count(*) FILTER (WHERE verified) AS num_verified
		FROM reviews WHERE product_id = p_product
	) r
	WHERE products.id = p_product;
$$;

CREATE OR REPLACE PROCEDURE torget_rate_seller(p_seller uuid) LANGUAGE sql AS $$
	UPDATE sellers SET
		rating = (SELECT coalesce(avg(r.rating), 0) FROM reviews r WHERE r.seller_id = p_seller AND r.verified),
		num_reviews = (SELECT count(*) FROM reviews r WHERE r.seller_id = p_seller AND r.verified)
	WHERE user_id = p_seller;
$$;

-- Every reviewed product and seller (the demo seed writes its reviews in bulk).
CREATE OR REPLACE PROCEDURE torget_rate_all() LANGUAGE plpgsql AS $$
DECLARE
	v_id uuid;
BEGIN
	FOR v_id IN SELECT DISTINCT r.product_id FROM reviews r LOOP
		CALL torget_rate_product(v_id);
	END LOOP;
	FOR v_id IN SELECT DISTINCT r.seller_id FROM reviews r LOOP
		CALL torget_rate_seller(v_id);
	END LOOP;
END
$$;

-- A review in one round trip: the steps of the review transaction (the product's lock, the
-- already-reviewed and bought checks, the insert, the ratings) in the database. A CALL outside a
-- transaction is one transaction, and PL/pgSQL takes a snapshot per statement, so the checks
-- after the lock see a review of this product committed while the lock was awaited.
-- Who may review (not the product's own seller) stays in @torget/shared's policies: the caller
-- checks it before calling (modules/catalog/reviews.service.ts).
--
-- outcome: 'created' (review_id, review_verified and review_created_at are set), 'missing' (no
-- such product) or 'reviewed' (the user has reviewed it already); nothing is written unless
-- 'created'.
CREATE OR REPLACE PROCEDURE torget_add_review(
	p_product uuid,
	p_user uuid,
	p_name text,
	p_rating smallint,
	p_comment text,
	INOUT outcome text DEFAULT NULL,
	INOUT review_id uuid DEFAULT NULL,
	INOUT review_verified boolean DEFAULT NULL,
	INOUT review_created_at timestamptz DEFAULT NULL
) LANGUAGE plpgsql AS $$
DECLARE
	v_seller uuid;
BEGIN
	-- Locking the product serialises reviews of it, so the recomputed figures are exact.
	SELECT p.seller_id INTO v_seller FROM products p WHERE p.id = p_product AND NOT p.is_draft FOR UPDATE;
	IF NOT FOUND THEN
		outcome := 'missing';
		RETURN;
	END IF;
	IF EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p_product AND r.user_id = p_user) THEN
		outcome := 'reviewed';
		RETURN;
	END IF;
	-- A paid or delivered order of the product: a verified purchase.
	review_verified := EXISTS (
		SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE i.product_id = p_product AND o.user_id = p_user AND (o.is_paid OR o.is_delivered)
	);
	INSERT INTO reviews (product_id, seller_id, user_id, name, rating, comment, verified)
	VALUES (p_product, v_seller, p_user, p_name, p_rating, p_comment, review_verified)
	RETURNING id, created_at INTO review_id, review_created_at;
	CALL torget_rate_product(p_product);
	-- Only a verified review moves the seller's figures.
	IF review_verified THEN
		CALL torget_rate_seller(v_seller);
	END IF;
	outcome := 'created';
END
$$;

-- A product's reviews as the product page's JSON text, kept in product_review_texts and written
-- when they change instead of put together on every read. The reviews newest first, each written
-- as JSON.stringify writes it (`to_json` of a string escapes the same characters). Every column
-- read is NOT NULL: a null would make a review's text null, and string_agg would leave that
-- review out. A product without reviews has no row: the page reads '[]' then.
CREATE OR REPLACE FUNCTION torget_review_json(r reviews) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT '{"_id":"' || r.id::text || '","name":' || to_json(r.name)::text || ',"rating":' || r.rating::text
		|| ',"comment":' || to_json(r.comment)::text || ',"createdAt":"'
		|| to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		|| '","verified":' || r.verified::text || '}'
$$;

CREATE OR REPLACE FUNCTION torget_review_list(p_product uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce('[' || string_agg(torget_review_json(r), ',' ORDER BY r.created_at DESC, r.id DESC) || ']', '[]')
	FROM reviews r WHERE r.product_id = p_product
$$;

CREATE OR REPLACE PROCEDURE torget_list_reviews(p_products uuid[]) LANGUAGE sql AS $$
	INSERT INTO product_review_texts (product_id, reviews)
	SELECT p.id, torget_review_list(p.id) FROM products p WHERE p.id = ANY (p_products)
	ON CONFLICT (product_id) DO UPDATE SET reviews = excluded.reviews;
$$;

-- Statement-level triggers on reviews, so no writer can leave a list behind: a review added, the
-- reviews an account's deletion renames, or a bulk insert (the demo seed) each write the lists of
-- the products they touched, once per statement. The products are locked first, in one order
-- (NO KEY UPDATE: it waits for a review of them, torget_add_review's FOR UPDATE, and for another
-- list, not for an order item naming them), so the lists are written by a statement that sees
-- every review committed before it: when two transactions change one product's reviews at once,
-- the later list has both changes.
CREATE OR REPLACE FUNCTION torget_reviews_relist() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE TRIGGER reviews_relist_inserted AFTER INSERT ON "reviews"
REFERENCING NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();

CREATE OR REPLACE TRIGGER reviews_relist_updated AFTER UPDATE ON "reviews"
REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();

CREATE OR REPLACE TRIGGER reviews_relist_deleted AFTER DELETE ON "reviews"
REFERENCING OLD TABLE AS old_reviews FOR EACH STATEMENT EXECUTE FUNCTION torget_reviews_relist();
