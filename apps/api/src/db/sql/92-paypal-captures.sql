-- PayPal captures (modules/payments/paypal-captures.service.ts, docs/security.md: the capture rule).
--
-- torget_book_paypal_capture: a capture PayPal confirmed, booked once, in one statement (so in
-- one transaction of its own, and one round trip). It locks the order's row, so the capture is
-- decided against the order as it is then: a cancel, an expiry or another capture of the order
-- waits or is waited for. The outcome is outcomeFor's: 'duplicate' for a paid order, 'expired'
-- or 'cancelled' for a cancelled one, else 'paid' when it pays the total, 'wrong_amount' when
-- not. The capture id is the key: a capture booked before writes nothing and answers its stored
-- row (is_new false) with the order as it is. A capture that pays nothing is due a refund now.
-- One that pays marks the order paid (the columns the service set) and books its sale with
-- torget_book_order_paid (90-ledger.sql), so the order is paid, booked and its capture stored
-- together or not at all (docs/decisions/210-ledger-booked-with-the-event.md). Answers one row:
-- whether the capture is new, the order after the booking, the capture's row. Each statement of
-- the body sees what committed before it ran, so a call that waited for the lock sees the order
-- and the capture as the call it waited for left them.
CREATE OR REPLACE FUNCTION torget_book_paypal_capture(
  p_capture_id text, p_paypal_order_id text, p_order_id uuid, p_amount_ore bigint, p_currency text,
  p_pays_total boolean, p_payment_result jsonb, p_default_commission_bp integer, p_commission_vat_bp integer
) RETURNS TABLE (is_new boolean, order_row orders, capture_row paypal_captures) LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  c paypal_captures;
  decided text;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order % of capture % does not exist', p_order_id, p_capture_id;
  END IF;
  decided := CASE
    WHEN o.is_paid THEN 'duplicate'
    WHEN o.cancelled_at IS NOT NULL THEN CASE WHEN o.cancel_reason = 'expired' THEN 'expired' ELSE 'cancelled' END
    WHEN p_pays_total THEN 'paid'
    ELSE 'wrong_amount'
  END;
  INSERT INTO paypal_captures
    (capture_id, paypal_order_id, order_id, amount_ore, currency, outcome, refund_state, next_attempt_at)
  VALUES (
    p_capture_id, p_paypal_order_id, p_order_id, p_amount_ore, p_currency, decided,
    CASE WHEN decided = 'paid' THEN 'none' ELSE 'due' END,
    CASE WHEN decided = 'paid' THEN NULL ELSE now() END
  )
  ON CONFLICT (capture_id) DO NOTHING
  RETURNING * INTO c;
  IF NOT FOUND THEN
    SELECT * INTO c FROM paypal_captures WHERE capture_id = p_capture_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'capture % conflicted but is not stored', p_capture_id;
    END IF;
    is_new := false;
  ELSE
    is_new := true;
    IF decided = 'paid' THEN
      UPDATE orders
      SET is_paid = true, paid_at = now(), paypal_capture_id = p_capture_id, payment_result = p_payment_result,
          updated_at = now()
      WHERE id = p_order_id
      RETURNING * INTO o;
      PERFORM torget_book_order_paid(o.id, o.number, o.seller_id, o.payment_method, o.total_price_ore,
        p_default_commission_bp, p_commission_vat_bp);
    END IF;
  END IF;
  order_row := o;
  capture_row := c;
  RETURN NEXT;
END
$$;
