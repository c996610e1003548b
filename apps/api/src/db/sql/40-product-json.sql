-- What the product's JSON text needs beyond one SQL expression per kind of value. That text, kept
-- in the stored generated columns products.shown_head and shown_tail, is written by
-- torget_product_shown_head and torget_product_shown_tail, generated from the product's field list
-- (db/product-fields.ts) by db/product-json-sql.ts and applied with these files; they call this.
--
-- IMMUTABLE, as a generated column's functions require: it reads only its argument, and the
-- float digits its output depends on are fixed in it. Changing it does not rewrite the stored
-- texts: a change of the output needs a migration that writes the products again.

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
