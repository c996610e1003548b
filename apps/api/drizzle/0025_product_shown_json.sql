-- Issue 13, twenty-fourth pass: each product kept as the JSON text the API answers with, written
-- by PostgreSQL when the product is written instead of put together by the API on every read.
-- A page of twelve products came to the API as twelve rows of 25 columns, each parsed out of the
-- protocol, and each field was then quoted into JSON again; PostgreSQL wrote every timestamp and
-- number of them as text. A list now reads two texts a product and its seller's few columns: at
-- a million products the API's CPU for a full search is 0.82× what it was, the API's and
-- PostgreSQL's together 0.90× (performance.md, twenty-fourth pass). Each write of a product
-- costs about 50 µs more, and the table is about three times as large.
--
-- The text is exactly what the API wrote before (modules/catalog/product-json.ts,
-- productJsonOfRow): JSON.stringify's text of the product of spec section 3, split around the
-- seller, whose name, shop, logo and ratings live in other tables and are joined on each read as
-- before. `shown_head` runs from the opening brace to `"seller":{"_id":…,"name":`, and
-- `shown_tail` from `,"createdAt":` to the last key's value, without the closing brace (the
-- product page puts its reviews before it).
-- - Strings: to_json escapes what JSON.stringify escapes (", \, \b \f \n \r \t, and other
--   control characters as \u00xx in lower case), and nothing else.
-- - Prices: öre / 100 with the trailing zeros cut, as a JavaScript number prints it.
-- - The rating (real): PostgreSQL's shortest text for it, as the API's reading of that text
--   printed it (extra_float_digits is set for this function, so a session's setting cannot
--   change it); 0 for zero, and null where JSON.stringify would write null (NaN, infinities).
-- - Times: to the millisecond, cut (not rounded), in UTC, as Date.toISOString writes them.
--
-- Stored generated columns, not a trigger: PostgreSQL computes them on every insert and update
-- of a product, also when triggers are off (the bench's seed), and nothing can write them
-- otherwise. The functions are declared IMMUTABLE, as a generated column requires: they
-- read only their arguments, and every setting their output could depend on (the time zone, the
-- float digits) is fixed in them. Adding the columns rewrites the products table, holding it
-- against reads and writes while it does (docs/operations.md).

-- A real as JSON.stringify writes the JavaScript number of its text: PostgreSQL's shortest digits,
-- and JavaScript's notation for them (plain from 1e-6 up to 1e21, where PostgreSQL writes an
-- exponent below 1e-4 and from 1e6: "5e-05" is 0.00005, "1e-09" is 1e-9).
CREATE FUNCTION torget_json_real(v real) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
	SET extra_float_digits = 1 AS $$
DECLARE
	t text;
	sign text := '';
	digits text;
	k integer;
	n integer;
BEGIN
	IF v = 0 THEN
		RETURN '0';
	ELSIF v = 'NaN' OR v IN ('Infinity', '-Infinity') THEN
		RETURN 'null';
	END IF;
	t := v::text;
	IF position('e' IN t) = 0 THEN
		RETURN t;
	END IF;
	IF left(t, 1) = '-' THEN
		sign := '-';
		t := substr(t, 2);
	END IF;
	-- The value is 0.DIGITS × 10^n, as ECMAScript's Number::toString reads it.
	digits := replace(split_part(t, 'e', 1), '.', '');
	k := length(digits);
	n := split_part(t, 'e', 2)::integer + 1;
	IF k <= n AND n <= 21 THEN
		RETURN sign || digits || repeat('0', n - k);
	ELSIF 0 < n AND n <= 21 THEN
		RETURN sign || left(digits, n) || '.' || substr(digits, n + 1);
	ELSIF -6 < n AND n <= 0 THEN
		RETURN sign || '0.' || repeat('0', -n) || digits;
	END IF;
	RETURN sign || left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END
		|| 'e' || CASE WHEN n > 0 THEN '+' ELSE '-' END || abs(n - 1)::text;
END
$$;--> statement-breakpoint
-- PL/pgSQL, not SQL: PostgreSQL computes a generated column by calling its function, and an SQL
-- function called that way is parsed and planned again on every write. A one-row UPDATE took
-- 510 µs so on the bench machine, 92 µs with these PL/pgSQL functions (whose expressions stay
-- prepared for the session), and 43 µs without the columns.
CREATE FUNCTION torget_product_json_head(
	p_id uuid, p_name text, p_price_ore integer, p_image text, p_category text, p_brand text,
	p_count_in_stock integer, p_description text, p_rating real, p_num_reviews integer,
	p_shipping_price_ore integer, p_shipping_info text, p_seller_id uuid
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN '{"_id":"' || p_id::text || '","name":' || to_json(p_name)::text
		|| ',"price":' || trim_scale(p_price_ore::numeric / 100)::text || ',"image":' || to_json(p_image)::text
		|| ',"category":' || to_json(p_category)::text || ',"brand":' || to_json(p_brand)::text
		|| ',"countInStock":' || p_count_in_stock::text || ',"description":' || to_json(p_description)::text
		|| ',"rating":' || torget_json_real(p_rating) || ',"numReviews":' || p_num_reviews::text
		|| ',"shipping_price":' || trim_scale(p_shipping_price_ore::numeric / 100)::text
		|| ',"shipping_info":' || to_json(p_shipping_info)::text
		|| ',"seller":{"_id":"' || p_seller_id::text || '","name":';
END
$$;--> statement-breakpoint
-- The images as the API wrote them: the list when it has any, else the main image alone, else
-- []. The list is jsonb, whose text puts ", " between elements where JSON.stringify puts ",";
-- its elements are strings (paths: the API writes nothing else), and inside a string every
-- quote is escaped, so an unescaped quote, comma, space, quote is only ever between two elements.
CREATE FUNCTION torget_product_json_tail(
	p_created_at timestamptz, p_updated_at timestamptz, p_version integer, p_images jsonb, p_image text,
	p_number bigint, p_is_draft boolean
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	RETURN ',"createdAt":"' || to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		|| '","updatedAt":"' || to_char(p_updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		|| '","version":' || p_version::text || ',"images":'
		|| CASE
			WHEN p_images <> '[]'::jsonb THEN replace(p_images::text, '", "', '","')
			WHEN p_image <> '' THEN '[' || to_json(p_image)::text || ']'
			ELSE '[]'
		END
		|| ',"number":' || p_number::text || ',"isDraft":' || p_is_draft::text;
END
$$;--> statement-breakpoint
-- Room for a changed stock (migration 0020): with the kept text a product's row is about three
-- times as long (967 bytes on average at the bench's million products, 337 before), and a page
-- kept a tenth free had room for less than one new version of it: a sale's UPDATE went to another
-- page, with an entry in every index. A quarter keeps room for two. The rewrite below fills every
-- page so.
ALTER TABLE "products" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "products"
	ADD COLUMN "shown_head" text GENERATED ALWAYS AS (torget_product_json_head(
		"id", "name", "price_ore", "image", "category", "brand", "count_in_stock", "description", "rating",
		"num_reviews", "shipping_price_ore", "shipping_info", "seller_id"
	)) STORED NOT NULL,
	ADD COLUMN "shown_tail" text GENERATED ALWAYS AS (torget_product_json_tail(
		"created_at", "updated_at", "version", "images", "image", "number", "is_draft"
	)) STORED NOT NULL;
