/**
 * The refunds of an order, as its buyer, its seller and admins read them in the payment card:
 * "Refunded" or "Partly refunded", how much of the total, and each refund with its day, how the
 * money went back, the items and the seller's note.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { sekToOre } from '@torget/shared/rules/money';
import { refundState } from '@torget/shared/rules/refunds';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './refunds.css';

/** Whether the refund form is offered: a paid order with money left to refund. */
export function refundable(order: Order): boolean {
  return order.isPaid && !order.isCancelled && sekToOre(order.refundedPrice ?? 0) < sekToOre(order.totalPrice);
}

export function OrderRefunds({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const refunds = order.refunds ?? [];
  const state = refundState(sekToOre(order.totalPrice), sekToOre(order.refundedPrice ?? 0));
  if (!state || refunds.length === 0) return null;
  return (
    <div className="order-refunds">
      <p className="status-box status-refunded">
        <span>
          <strong>{state === 'refunded' ? t('Refunded') : t('Partly refunded')}</strong>{' '}
          {t('{{refunded}} of {{total}}', {
            refunded: format.price(order.refundedPrice ?? 0),
            total: format.price(order.totalPrice),
          })}
        </span>
      </p>
      <ul className="order-refund-list">
        {refunds.map((refund) => (
          <li key={refund._id} className="order-refund">
            <span className="order-refund-amount">
              {t('{{amount}} refunded on {{date}}', {
                amount: format.price(refund.amount),
                date: format.date(refund.refundedAt),
              })}
            </span>
            <span className="order-refund-how">
              {refund.method === 'PayPal'
                ? refund.status === 'pending'
                  ? t('PayPal is completing the refund to the PayPal account it was paid from.')
                  : t('Back to the PayPal account it was paid from.')
                : t('Sent back by Swish.')}
            </span>
            {refund.lines.length > 0 && (
              <span className="order-refund-lines">
                {refund.lines.map((line) => `${line.qty} × ${line.name}`).join(', ')}
              </span>
            )}
            {refund.note && <q className="order-refund-note">{refund.note}</q>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The refund state under a list's PAID date: "Refunded" or "Partly refunded" and the last day. */
export function RefundListNote({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = refundState(sekToOre(order.totalPrice), sekToOre(order.refundedPrice ?? 0));
  const last = order.refunds?.at(-1);
  if (!state || !last) return null;
  return (
    <span className="order-shipped-note order-refund-note-cell">
      <span>{state === 'refunded' ? t('Refunded') : t('Partly refunded')}</span> {format.date(last.refundedAt)}
    </span>
  );
}
