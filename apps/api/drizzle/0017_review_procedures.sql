-- Issue 13, tenth pass: a review in one round trip. The review endpoint was a transaction of six
-- statements (BEGIN, the product's lock, the already-reviewed and bought checks, the insert, the
-- ratings, COMMIT), each a round trip that waited for a core under the mixed workload (reviews'
-- p99 323 ms). The same steps in the same order, in the database: a CALL outside a transaction is
-- one transaction, and every statement below sees what was committed before it began (PL/pgSQL
-- takes a snapshot per statement), so the checks after the lock see a review of this product
-- committed while the lock was awaited, as the transaction did.
--
-- Who may review (not the product's own seller) stays in @torget/shared's policies: the caller
-- checks it on the product's seller, which never changes, before calling (reviews.service.ts).
--
-- outcome: 'created' (review_id, review_verified and review_created_at are set), 'missing' (no
-- such product) or 'reviewed' (the user has reviewed it already); nothing is written unless
-- 'created'.
--
-- The rating aggregates (spec section 3: `rating` is the mean of the review ratings, 0 without
-- reviews; `numReviews` their number) are written here once, in torget_rate_product and
-- torget_rate_seller, for every writer: this procedure, the product delete and the demo seed
-- (db/ratings.ts calls them). A seller's figures count only verified-purchase reviews (docs/decisions.md).
CREATE PROCEDURE torget_rate_product(p_product uuid) LANGUAGE sql AS $$
	UPDATE products SET
		rating = (SELECT coalesce(avg(r.rating), 0) FROM reviews r WHERE r.product_id = p_product),
		num_reviews = (SELECT count(*) FROM reviews r WHERE r.product_id = p_product)
	WHERE id = p_product;
$$;--> statement-breakpoint
CREATE PROCEDURE torget_rate_seller(p_seller uuid) LANGUAGE sql AS $$
	UPDATE sellers SET
		rating = (SELECT coalesce(avg(r.rating), 0) FROM reviews r WHERE r.seller_id = p_seller AND r.verified),
		num_reviews = (SELECT count(*) FROM reviews r WHERE r.seller_id = p_seller AND r.verified)
	WHERE user_id = p_seller;
$$;--> statement-breakpoint
-- Every reviewed product and seller (the demo seed writes its reviews in bulk).
CREATE PROCEDURE torget_rate_all() LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE PROCEDURE torget_add_review(
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
	SELECT p.seller_id INTO v_seller FROM products p WHERE p.id = p_product FOR UPDATE;
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
