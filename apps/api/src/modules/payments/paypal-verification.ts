/**
 * Whether a PayPal order, as fetched from PayPal's Orders v2 API, pays one of our orders
 * (DESIGN.md: never trust the browser's word that it paid). Pure, so every refusal is easy to test.
 */
import { oreToPaypalValue, type PaypalCapture, type PaypalOrder, paypalValueToOre } from './paypal-client';

export interface ExpectedPayment {
  orderId: string;
  totalOre: number;
}

/**
 * `taken`, on a refusal: a completed capture of this order that cannot pay it (another amount or
 * currency). PayPal took that money, so it is recorded and refunded (docs/security.md).
 */
export type Verification = { ok: true; capture: PaypalCapture } | { ok: false; reason: string; taken?: PaypalCapture };

const refuse = (reason: string): Verification => ({ ok: false, reason });

/**
 * Accepts only: order status COMPLETED, one purchase unit carrying our order id in custom_id, and
 * a COMPLETED capture of exactly the stored total in SEK. Each refusal says what did not match.
 */
export function verifyPaypalOrder(paypalOrder: PaypalOrder, expected: ExpectedPayment): Verification {
  if (paypalOrder.status !== 'COMPLETED') {
    return refuse(`The PayPal payment is not completed (PayPal order status ${paypalOrder.status}).`);
  }
  const [unit, ...others] = paypalOrder.purchase_units;
  if (!unit || others.length > 0) return refuse('The PayPal payment does not have exactly one purchase unit.');
  if (unit.custom_id !== expected.orderId) return refuse('The PayPal payment belongs to another order.');
  const captures = unit.payments?.captures ?? [];
  const capture = captures.find((c) => c.status === 'COMPLETED');
  if (!capture) {
    const statuses = captures.map((c) => c.status).join(', ') || 'none';
    return refuse(`The PayPal capture is not completed (capture status ${statuses}).`);
  }
  // Only an amount we can read is money we can give back; anything else is refused unrecorded.
  const taken = capture.amount && paypalValueToOre(capture.amount.value) !== null ? capture : undefined;
  if (capture.amount?.currency_code !== 'SEK') {
    return {
      ...refuse(`The PayPal payment is in ${capture.amount?.currency_code ?? 'no currency'}, not SEK.`),
      ...(taken ? { taken } : {}),
    };
  }
  const paidOre = paypalValueToOre(capture.amount.value);
  if (paidOre !== expected.totalOre) {
    return {
      ...refuse(
        `The PayPal payment of SEK ${capture.amount.value} does not match the order total of SEK ${oreToPaypalValue(expected.totalOre)}.`,
      ),
      ...(taken ? { taken } : {}),
    };
  }
  return { ok: true, capture };
}
