/**
 * The PayPal payments an order received that paid nothing (it was cancelled, expired or already
 * paid, or the amount was wrong): each says why, and that it is being or was refunded.
 */
import type { PaymentRefund, UnusedCaptureReason } from '@torget/shared/api-types.generated';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

const REASONS: Record<UnusedCaptureReason, string> = {
  cancelled: 'A PayPal payment of {{amount}} arrived after this order was cancelled, so it did not pay the order.',
  expired: 'A PayPal payment of {{amount}} arrived after this order expired, so it did not pay the order.',
  duplicate: 'Another PayPal payment of {{amount}} arrived for this order, which was already paid.',
  wrong_amount: 'A PayPal payment of {{amount}} did not match the order total, so it did not pay the order.',
};

export function PaymentRefunds({ refunds }: { refunds: readonly PaymentRefund[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      {refunds.map((refund) => {
        const amount = refund.currency === 'SEK' ? format.price(refund.amount) : `${refund.currency} ${refund.amount}`;
        return (
          <MessageBox key={`${refund.receivedAt}-${refund.amount}`} variant="info">
            {t(REASONS[refund.reason], { amount })}{' '}
            {refund.state === 'sent'
              ? t('It was refunded to the PayPal account it came from on {{date}}.', {
                  date: format.date(refund.refundedAt),
                })
              : t('It is being refunded to the PayPal account it came from.')}
          </MessageBox>
        );
      })}
    </>
  );
}
