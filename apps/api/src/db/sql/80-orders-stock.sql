-- Placing an order takes the stock and writes the order in one autocommit statement, its stock
-- UPDATE guarded by what the order was computed from (modules/orders/place-order.service.ts).
-- When the guard let fewer lines through than the order has (a concurrent order took the stock,
-- the product changed after it was read), the whole statement must fail: a data-modifying CTE
-- always runs, so merely skipping the INSERTs would leave the other lines' stock taken with no
-- order. This answers true when every line was taken and raises SQLSTATE TS001 otherwise, which
-- the service answers with the locked transaction. VOLATILE (the default, said here on purpose):
-- it is evaluated while the statement runs, never folded ahead of the UPDATE it checks.
CREATE OR REPLACE FUNCTION order_stock_taken(taken bigint, wanted integer) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF taken IS DISTINCT FROM wanted THEN
    RAISE EXCEPTION 'order stock guard: % of % lines taken', taken, wanted USING ERRCODE = 'TS001';
  END IF;
  RETURN true;
END
$$;
