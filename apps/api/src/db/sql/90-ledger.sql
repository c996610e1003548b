-- The marketplace's ledger (modules/ledger/, docs/decisions/210-ledger-booked-with-the-event.md).
--
-- torget_share_ore: rate_bp basis points of base, rounded to the nearest öre, a half öre away
-- from zero (docs/decisions/211-ledger-rounding.md). The same rule as shareOre of
-- @torget/shared/rules/ledger; routes/ledger/ledger.routes.test.ts holds the two equal. Booking an
-- order computes its commission and moms in the one INSERT that writes them, so the rate is read
-- and used in the same statement.
CREATE OR REPLACE FUNCTION torget_share_ore(base bigint, rate_bp integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT sign(base)::bigint * ((abs(base) * rate_bp + 5000) / 10000)
$$;

-- Entries are never changed or deleted: a mistake is undone by a new entry (a correction or a
-- reversal), so the ledger is its own audit trail. SQLSTATE TL001 names the refusal.
CREATE OR REPLACE FUNCTION torget_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or deleted (% refused); book a correction instead', TG_OP
    USING ERRCODE = 'TL001';
END
$$;

CREATE OR REPLACE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION torget_ledger_append_only();

CREATE OR REPLACE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION torget_ledger_append_only();

-- torget_book_order_paid: an order just marked paid (its row locked by the caller's transaction)
-- books its sale: a PayPal order credits its total (the marketplace holds the seller's money) and
-- both kinds debit the commission at the seller's plan's rate and the moms on it. Nothing when the
-- order stands booked already: its bookings are numbered (order:<id>:<n>:<kind>), an odd count of
-- its commission entries means booked. The key's ON CONFLICT makes a retried or racing booking
-- write once. Answers how many entries it wrote. A function rather than a statement sent each
-- time, so PostgreSQL plans the insert once per connection instead of at every payment.
CREATE OR REPLACE FUNCTION torget_book_order_paid(
  p_order_id uuid, p_order_number bigint, p_seller_id uuid, p_payment_method text, p_total_ore bigint,
  p_default_commission_bp integer, p_commission_vat_bp integer
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  WITH prior AS (
    SELECT count(*)::int AS n FROM ledger_entries
    WHERE order_id = p_order_id AND kind = 'commission' AND booking_key LIKE 'order:%'
  ), rate AS (
    SELECT coalesce(
      (SELECT f.commission_bp FROM sellers s JOIN fee_settings f ON f.plan = s.plan WHERE s.user_id = p_seller_id),
      (SELECT commission_bp FROM fee_settings WHERE plan = '1'),
      p_default_commission_bp
    ) AS bp
  ), amounts AS (
    SELECT rate.bp, torget_share_ore(p_total_ore, rate.bp) AS commission FROM rate
  ), booked AS (
    INSERT INTO ledger_entries (seller_id, amount_ore, kind, order_id, order_number, rate_bp, base_ore, booking_key)
    SELECT p_seller_id, v.amount, v.kind, p_order_id, p_order_number, v.rate_bp, v.base,
           'order:' || p_order_id::text || ':' || (prior.n + 1)::text || ':' || v.kind
    FROM prior, amounts,
      LATERAL (VALUES
        ('sale_collected', p_total_ore, NULL::int, NULL::bigint, 1),
        ('commission', -amounts.commission, amounts.bp, p_total_ore, 2),
        ('commission_vat', -torget_share_ore(amounts.commission, p_commission_vat_bp), p_commission_vat_bp,
          amounts.commission, 3)
      ) AS v(kind, amount, rate_bp, base, position)
    WHERE prior.n % 2 = 0 AND (v.kind <> 'sale_collected' OR p_payment_method = 'PayPal')
    ORDER BY v.position
    ON CONFLICT (booking_key) DO NOTHING
    RETURNING id
  )
  SELECT count(*)::int INTO written FROM booked;
  RETURN written;
END
$$;
