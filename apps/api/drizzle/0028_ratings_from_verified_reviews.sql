-- A product's rating from its verified reviews (docs/decisions/120-ratings-from-verified-reviews.md).
-- Any signed-in account may review a product, so ten fresh accounts could take a product's rating
-- to 1.0. A review is verified when its writer had a paid or delivered order of the product when
-- writing it (torget_add_review, migration 0017). Now:
-- - products.rating, the rating every card, filter and sort uses, is the mean of the verified
--   reviews when there is at least one, otherwise the mean of all the reviews (a product nobody has
--   bought yet still shows its reviews' rating, as the spec's product page does); 0 without reviews;
-- - products.num_reviews still counts every review;
-- - products.verified_rating and num_verified_reviews are the verified reviews' mean (0 without
--   one) and number, shown beside them in the product's JSON.
-- The seller's rating already counts verified reviews only (0017).
--
-- The two figures are written into the product's kept JSON (migration 0025) after `numReviews`,
-- in its head, the part a review's UPDATE recomputes already (rating and num_reviews are among
-- its inputs); the tail stays as it is. A generated column's expression cannot change in
-- PostgreSQL 15, so `shown_head` is dropped and added again with the new function, which
-- rewrites the table once, as 0025 did (docs/operations.md).
ALTER TABLE "products" ADD COLUMN "verified_rating" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "num_verified_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As 0025's, with the verified figures after numReviews.
CREATE FUNCTION torget_product_json_head(
	p_id uuid, p_name text, p_price_ore integer, p_image text, p_category text, p_brand text,
	p_count_in_stock integer, p_description text, p_rating real, p_num_reviews integer,
	p_verified_rating real, p_num_verified_reviews integer,
	p_shipping_price_ore integer, p_shipping_info text, p_seller_id uuid
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN '{"_id":"' || p_id::text || '","name":' || to_json(p_name)::text
		|| ',"price":' || trim_scale(p_price_ore::numeric / 100)::text || ',"image":' || to_json(p_image)::text
		|| ',"category":' || to_json(p_category)::text || ',"brand":' || to_json(p_brand)::text
		|| ',"countInStock":' || p_count_in_stock::text || ',"description":' || to_json(p_description)::text
		|| ',"rating":' || torget_json_real(p_rating) || ',"numReviews":' || p_num_reviews::text
		|| ',"verifiedRating":' || torget_json_real(p_verified_rating)
		|| ',"numVerifiedReviews":' || p_num_verified_reviews::text
		|| ',"shipping_price":' || trim_scale(p_shipping_price_ore::numeric / 100)::text
		|| ',"shipping_info":' || to_json(p_shipping_info)::text
		|| ',"seller":{"_id":"' || p_seller_id::text || '","name":';
END
$$;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "shown_head";--> statement-breakpoint
ALTER TABLE "products"
	ADD COLUMN "shown_head" text GENERATED ALWAYS AS (torget_product_json_head(
		"id", "name", "price_ore", "image", "category", "brand", "count_in_stock", "description", "rating",
		"num_reviews", "verified_rating", "num_verified_reviews", "shipping_price_ore", "shipping_info", "seller_id"
	)) STORED NOT NULL;--> statement-breakpoint
DROP FUNCTION torget_product_json_head(uuid, text, integer, text, text, text, integer, text, real, integer, integer, text, uuid);--> statement-breakpoint
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
$$;--> statement-breakpoint
-- As 0017's, and a draft is 'missing': a draft cannot be bought, so nobody reviews it, and it
-- answers as a product that is not there (reviews.service.ts checks it too, before the call).
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
$$;--> statement-breakpoint
-- The reviewed products' figures by the new rule, in one statement.
UPDATE products SET
	rating = CASE WHEN r.num_verified > 0 THEN r.verified_mean ELSE r.mean END,
	num_reviews = r.num,
	verified_rating = r.verified_mean,
	num_verified_reviews = r.num_verified
FROM (
	SELECT
		product_id,
		avg(rating) AS mean,
		count(*) AS num,
		coalesce(avg(rating) FILTER (WHERE verified), 0) AS verified_mean,
		count(*) FILTER (WHERE verified) AS num_verified
	FROM reviews GROUP BY product_id
) r
WHERE products.id = r.product_id;
