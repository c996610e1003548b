import type { PayoutBatch } from '@torget/shared/api-types.generated';
import { useState } from 'react';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { downloadPayoutFile, useCreatePayoutBatch, useMarkPayoutSent, usePayoutBatches } from '../api/payouts';
import { Dac7Download } from '../components/dac7-download';
import '../admin.css';

// The finances screen loads with this one (app/router.tsx: one chunk for the admin's money screens).
export { AdminFinancesPage } from './admin-finances-page';

const CREATE_QUESTION =
  'Create a payout batch of every seller who can be paid now? Nothing is paid until you mark it sent.';
const SENT_QUESTION =
  'Mark this batch sent? Do it only after the bank has accepted the file: the payouts are booked and every seller in it is mailed.';

/**
 * /admin_payouts (admin): payout batches (docs/decisions/250-payout-batches.md). Create one of
 * every seller who can be paid now, download its file for the bank's bulk payment upload, and
 * mark it sent once the bank has it; both ask first.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('Payouts'));
  const confirm = useConfirm();
  const batches = usePayoutBatches();
  const create = useCreatePayoutBatch();
  const markSent = useMarkPayoutSent();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  async function onCreate() {
    if (!(await confirm({ message: CREATE_QUESTION, confirmLabel: t('Create batch') }))) return;
    create.mutate();
  }

  async function onMarkSent(batch: PayoutBatch) {
    if (!(await confirm({ message: SENT_QUESTION, confirmLabel: t('Mark sent') }))) return;
    markSent.mutate(batch._id);
  }

  async function onDownload(batch: PayoutBatch) {
    setDownloadError(null);
    try {
      await downloadPayoutFile(batch);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : 'Unknown error');
    }
  }

  const failure = create.error ?? markSent.error;
  const linesLabel = (batch: PayoutBatch) => t('Payouts of {{reference}}', { reference: batch.reference });
  return (
    <section className="page" aria-labelledby="payouts-heading">
      <h1 id="payouts-heading">{t('Payouts')}</h1>
      <p className="form-hint">
        {t(
          'A seller is paid their balance less the money of orders delivered less than 14 days ago, when that is at least 100 kr and their payout account is usable.',
        )}
      </p>
      <p>
        <button type="button" className="button" disabled={create.isPending} onClick={() => void onCreate()}>
          {t('Create payout batch')}
        </button>
      </p>
      <Dac7Download />
      {failure && <MessageBox variant="danger">{t(failure.message)}</MessageBox>}
      {downloadError && <MessageBox variant="danger">{t(downloadError)}</MessageBox>}
      {create.isSuccess && (
        <MessageBox variant="success">
          {t('Payout batch {{reference}} created.', { reference: create.data.reference })}
        </MessageBox>
      )}
      {markSent.isSuccess && (
        <MessageBox variant="success">
          {t('Payout batch {{reference}} marked sent; the sellers are mailed.', {
            reference: markSent.data.reference,
          })}
        </MessageBox>
      )}
      {batches.isPending ? (
        <LoadingBox />
      ) : batches.isError ? (
        <MessageBox variant="danger">{t(batches.error.message)}</MessageBox>
      ) : batches.data.length === 0 ? (
        <MessageBox>{t('No payout batches yet.')}</MessageBox>
      ) : (
        batches.data.map((batch) => (
          <article key={batch._id} className="payout-batch" aria-labelledby={`payout-${batch._id}`}>
            <h2 id={`payout-${batch._id}`}>
              {batch.reference}: {format.price(batch.total)}
            </h2>
            <p>
              {t('Created {{date}}', { date: format.dateTime(batch.createdAt) })}
              {' · '}
              {batch.sentAt ? t('Sent {{date}}', { date: format.dateTime(batch.sentAt) }) : t('Not sent')}
            </p>
            <p className="cell-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => void onDownload(batch)}
              >
                {t('Download file')}
                <span className="visually-hidden">{` ${batch.reference}`}</span>
              </button>
              {!batch.sentAt && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={markSent.isPending}
                  onClick={() => void onMarkSent(batch)}
                >
                  {t('Mark sent')}
                  <span className="visually-hidden">{` ${batch.reference}`}</span>
                </button>
              )}
            </p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
            <section className="table-scroll" aria-label={linesLabel(batch)} tabIndex={0}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('SELLER')}</th>
                    <th scope="col">{t('AMOUNT')}</th>
                    <th scope="col">{t('ACCOUNT')}</th>
                    <th scope="col">{t('ORDERS')}</th>
                  </tr>
                </thead>
                <tbody>
                  {batch.lines.map((line) => (
                    <tr key={line._id}>
                      <td data-label={t('SELLER')}>{line.name}</td>
                      <td data-label={t('AMOUNT')}>{format.price(line.amount)}</td>
                      <td data-label={t('ACCOUNT')}>{line.account ? line.account.masked : t('No account')}</td>
                      <td data-label={t('ORDERS')}>{line.orders.map((order) => order.orderNumber).join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </article>
        ))
      )}
    </section>
  );
}
