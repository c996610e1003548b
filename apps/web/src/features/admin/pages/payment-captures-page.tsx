import type { PaypalCaptureRecord } from '@torget/shared/api-types.generated';
import { Link, useSearchParams } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { pageCount, useListPage } from '#web/hooks/use-list-page.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { type CaptureListState, usePaymentCaptures } from '../api/get-payment-captures';
import { useRetryRefund } from '../api/retry-refund';
import '../admin.css';
import '#web/components/filter-pills.css';

const FILTERS: Record<CaptureListState, string> = {
  unrefunded: 'Not refunded',
  refunded: 'Refunded',
  all: 'All payments',
};
const isFilter = (value: string | null): value is CaptureListState =>
  value === 'unrefunded' || value === 'refunded' || value === 'all';

const OUTCOMES: Record<PaypalCaptureRecord['outcome'], string> = {
  paid: 'Paid the order',
  duplicate: 'Order already paid',
  cancelled: 'Order cancelled',
  expired: 'Order expired',
  wrong_amount: 'Wrong amount',
};

const REFUND_STATES: Record<PaypalCaptureRecord['refundState'], string> = {
  none: 'Kept',
  due: 'To refund',
  sent: 'Refunded',
};

/**
 * /admin_payments (admin): the PayPal payments the server booked. By default those that paid
 * nothing and PayPal has not refunded yet (the sweep keeps trying), each with a button to try
 * again now.
 */
export function PaymentCapturesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('PayPal payments'));
  const [params] = useSearchParams();
  const asked = params.get('state');
  const state: CaptureListState = isFilter(asked) ? asked : 'unrefunded';
  const { page, hrefFor } = useListPage();
  const captures = usePaymentCaptures(state, page);
  const retry = useRetryRefund();

  return (
    <section className="page" aria-labelledby="payments-heading">
      <h1 id="payments-heading">{t('PayPal payments')}</h1>
      <nav className="filter-pills" aria-label={t('Show payments by refund')}>
        {(['unrefunded', 'refunded', 'all'] as const).map((filter) => (
          <Link
            key={filter}
            to={`?state=${filter}`}
            className="filter-pill"
            aria-current={filter === state ? 'page' : undefined}
          >
            {t(FILTERS[filter])}
          </Link>
        ))}
      </nav>
      {retry.isError && <MessageBox variant="danger">{t(retry.error.message)}</MessageBox>}
      {retry.isSuccess && <MessageBox variant="success">{t('PayPal accepted the refund.')}</MessageBox>}
      {captures.isPending ? (
        <LoadingBox />
      ) : captures.isError ? (
        <MessageBox variant="danger">{t(captures.error.message)}</MessageBox>
      ) : captures.data.items.length === 0 ? (
        <MessageBox>
          {state === 'unrefunded' ? t('Every payment that paid nothing has been refunded.') : t('No payments yet.')}
        </MessageBox>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className="table-scroll" aria-label={t('Payments table')} tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('ORDER')}</th>
                  <th scope="col">{t('CAPTURE')}</th>
                  <th scope="col">{t('AMOUNT')}</th>
                  <th scope="col">{t('RECEIVED')}</th>
                  <th scope="col">{t('OUTCOME')}</th>
                  <th scope="col">{t('REFUND')}</th>
                  <th scope="col">{t('ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {captures.data.items.map((capture) => (
                  <tr key={capture.captureId}>
                    <td data-label={t('ORDER')}>
                      <Link to={`/order/${capture.orderId}`}>{capture.orderNumber}</Link>
                    </td>
                    <td className="cell-id" data-label={t('CAPTURE')}>
                      {capture.captureId}
                    </td>
                    <td data-label={t('AMOUNT')}>
                      {capture.currency === 'SEK'
                        ? format.price(capture.amount)
                        : `${capture.currency} ${capture.amount}`}
                    </td>
                    <td data-label={t('RECEIVED')}>{format.dateTime(capture.createdAt)}</td>
                    <td data-label={t('OUTCOME')}>{t(OUTCOMES[capture.outcome])}</td>
                    <td data-label={t('REFUND')}>
                      {t(REFUND_STATES[capture.refundState])}
                      {capture.refundState === 'due' && (
                        <div className="form-hint">
                          {t('{{count}} attempts', { count: capture.attempts })}
                          {capture.lastError ? `: ${capture.lastError}` : ''}
                        </div>
                      )}
                      {capture.refundState === 'sent' && capture.paypalRefundId && (
                        <div className="form-hint">{capture.paypalRefundId}</div>
                      )}
                    </td>
                    <td className="cell-actions" data-label={t('ACTIONS')}>
                      {capture.refundState === 'due' && (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={retry.isPending}
                          onClick={() => retry.mutate(capture.captureId)}
                        >
                          {t('Refund now')}
                          <span className="visually-hidden">{` ${capture.captureId}`}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <Pager page={page} pages={pageCount(captures.data.total)} hrefFor={hrefFor} label={t('Payment list pages')} />
        </>
      )}
    </section>
  );
}
