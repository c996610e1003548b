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
-- The seller's rating already counts verified reviews only (0017). The rating and review
-- procedures' new definitions live in apps/api/src/db/sql/70-reviews.sql, applied after this.
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
