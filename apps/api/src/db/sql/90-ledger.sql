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
