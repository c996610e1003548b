/**
 * The mail to the buyer when their order is refunded (POST /api/orders/{id}/refunds, and a
 * withdrawal accepted with a refund): how much, how the money comes back (PayPal: to their PayPal
 * account; Swish: the seller sent it with Swish, on the day they gave), the lines and the seller's
 * note, and the link to the order. In the buyer's language, as the other order mails.
 */
import type { OrderRefund } from '@torget/shared/api-types.generated';
import { displayDate } from '@torget/shared/rules/dates';
import { formatSek, formatSekSwedish } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';
import { mailIn, type OrderMailContext, type Recipient } from './order-status-mails';

export function orderRefundMail(buyer: Recipient, order: OrderMailContext, refund: OrderRefund): Mail {
  const linesSv = refund.lines.map((line) => `- ${line.qty} × ${line.name}`);
  const svDay = displayDate(refund.refundedAt, 'sv');
  const enDay = displayDate(refund.refundedAt, 'en');
  return mailIn(
    buyer,
    {
      subject: `Återbetalning för order ${order.orderNumber}`,
      lines: [
        `${order.shopName} har återbetalat ${formatSekSwedish(refund.amount)} för order ${order.orderNumber}.`,
        refund.method === 'PayPal'
          ? refund.status === 'pending'
            ? 'PayPal genomför återbetalningen till ditt PayPal-konto inom kort.'
            : 'Pengarna går tillbaka till ditt PayPal-konto.'
          : `Säljaren skickade pengarna med Swish ${svDay}.`,
        ...(linesSv.length > 0 ? ['', 'Återbetalda varor:', ...linesSv] : []),
        ...(refund.note ? ['', `Meddelande från säljaren: ${refund.note}`] : []),
        '',
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: `Refund for order ${order.orderNumber}`,
      lines: [
        `${order.shopName} has refunded ${formatSek(refund.amount)} for order ${order.orderNumber}.`,
        refund.method === 'PayPal'
          ? refund.status === 'pending'
            ? 'PayPal will complete the refund to your PayPal account shortly.'
            : 'The money goes back to your PayPal account.'
          : `The seller sent the money by Swish on ${enDay}.`,
        ...(linesSv.length > 0 ? ['', 'Refunded items:', ...linesSv] : []),
        ...(refund.note ? ['', `Note from the seller: ${refund.note}`] : []),
        '',
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}
