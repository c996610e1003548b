-- Each product kept as the JSON text the API answers with, in the stored generated columns
-- products.shown_head and products.shown_tail, computed by PostgreSQL on every insert and update
-- of a product (also when triggers are off, as in the bench's seed). The text is exactly what
-- JSON.stringify writes for the product of spec section 3 (modules/catalog/product-json.ts,
-- productJsonOfRow), split around the seller, whose name, shop, logo and ratings are joined on
-- each read. `shown_head` runs from the opening brace to `"seller":{"_id":…,"name":`, and
-- `shown_tail` from `,"createdAt":` to the last key's value, without the closing brace (the
-- product page puts its reviews before it).
-- - Strings: to_json escapes what JSON.stringify escapes, and nothing else.
-- - Prices: öre / 100 with the trailing zeros cut, as a JavaScript number prints it.
-- - The rating (real): PostgreSQL's shortest text for it in JavaScript's notation; 0 for zero,
--   null where JSON.stringify would write null (NaN, infinities).
-- - Times: to the millisecond, cut (not rounded), in UTC, as Date.toISOString writes them.
--
-- The functions are IMMUTABLE, as a generated column requires: they read only their arguments,
-- and every setting their output could depend on (the time zone, the float digits) is fixed in
-- them. PL/pgSQL, not SQL: an SQL function called for a generated column is parsed and planned
-- again on every write. Changing one does not rewrite the stored texts: a change of the output
-- needs a migration that writes the products again.

-- A real as JSON.stringify writes the JavaScript number of its text: PostgreSQL's shortest digits,
-- and JavaScript's notation for them (plain from 1e-6 up to 1e21, where PostgreSQL writes an
-- exponent below 1e-4 and from 1e6: "5e-05" is 0.00005, "1e-09" is 1e-9).
CREATE OR REPLACE FUNCTION torget_json_real(v real) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
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
$$;

CREATE OR REPLACE FUNCTION torget_product_json_head(
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
$$;

-- The images as the API wrote them: the list when it has any, else the main image alone, else
-- []. The list is jsonb, whose text puts ", " between elements where JSON.stringify puts ",";
-- its elements are strings (paths: the API writes nothing else), and inside a string every
-- quote is escaped, so an unescaped quote, comma, space, quote is only ever between two elements.
CREATE OR REPLACE FUNCTION torget_product_json_tail(
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
$$;
