import type { LedgerEntry, LedgerStatement } from '@torget/shared/api-types.generated';
import { isLedgerMonth, WITHDRAWAL_DAYS } from '@torget/shared/rules/ledger';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { SwishPayment } from '#web/components/swish-payment.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { downloadStatementCsv, useLedgerStatement } from '../api/get-ledger-statement';
import '../sales-overview.css';

/** The text of each kind of entry (the keys are the screen's English). */
export const KIND_TEXTS: Record<LedgerEntry['kind'], string> = {
  sale_collected: 'Sale paid through the marketplace',
  commission: 'Commission',
  commission_vat: 'VAT on commission',
  plan_fee: 'Yearly plan fee',
  refund: 'Refund',
  payout: 'Payout',
  seller_payment: 'Payment from you',
  correction: 'Correction',
};

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="sales-figure">
      <dt>{label}</dt>
      <dd>
        <span className="sales-figure-value">{value}</span>
        <span className="sales-figure-detail">{detail}</span>
      </dd>
    </div>
  );
}

export function Entries({ statement }: { statement: LedgerStatement }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (statement.entries.length === 0) return <p className="form-hint">{t('No entries this month.')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={t('Entries')}>
      <table className="data-table ledger-table">
        <thead>
          <tr>
            <th scope="col">{t('Date')}</th>
            <th scope="col">{t('Entry')}</th>
            <th scope="col">{t('Order')}</th>
            <th scope="col">{t('Rate')}</th>
            <th scope="col">{t('Amount')}</th>
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((entry) => (
            <tr key={entry._id}>
              <td data-label={t('DATE')}>{format.date(entry.createdAt)}</td>
              <td data-label={t('ENTRY')}>
                {t(KIND_TEXTS[entry.kind])}
                {entry.reversal ? (
                  <span className="ledger-note">{t('Reversed: the order was marked unpaid')}</span>
                ) : null}
                {/* An admin's correction says why in the admin's words; the system's own notes are
                    what the entry's kind already says. */}
                {entry.kind === 'correction' && entry.note ? <span className="ledger-note">{entry.note}</span> : null}
              </td>
              <td data-label={t('ORDER')}>
                {entry.order ? <Link to={`/order/${entry.order}`}>{entry.orderNumber ?? entry.order}</Link> : '-'}
              </td>
              <td data-label={t('RATE')}>{entry.rate === null ? '-' : `${entry.rate} %`}</td>
              <td data-label={t('AMOUNT')} className="ledger-amount">
                {format.price(entry.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * "Finances" (Ekonomi) on /my_shop_menu: the seller's balance with the marketplace, the money
 * held back and why, what they owe by Swish when an admin has asked (with its QR code), and a
 * month's entries with their orders (GET /api/ledger/mine), its statement as CSV or to print.
 */
export function LedgerStatementSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [month, setMonth] = useState<string | null>(null);
  const statement = useLedgerStatement(month);
  const shown = statement.data;
  const [downloadError, setDownloadError] = useState<string | null>(null);

  async function onDownload(forMonth: string) {
    setDownloadError(null);
    try {
      await downloadStatementCsv(forMonth);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : 'Unknown error');
    }
  }

  return (
    <section className="sales-overview ledger-statement" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('Finances')}</h2>
      {statement.isPending ? (
        <LoadingBox />
      ) : statement.isError || !shown ? (
        <MessageBox variant="danger">{t(statement.error?.message ?? 'Something went wrong')}</MessageBox>
      ) : (
        <>
          {shown.paymentRequest ? (
            <div className="ledger-payment-request">
              <p>
                {t('You owe the marketplace {{amount}}. Pay it by Swish with the reference {{reference}} as message.', {
                  amount: format.price(shown.paymentRequest.amount),
                  reference: shown.paymentRequest.reference,
                })}
              </p>
              <SwishPayment
                swishNumber={shown.paymentRequest.swishNumber}
                amount={shown.paymentRequest.amount}
                orderNumber={shown.paymentRequest.reference}
                heading="Pay what you owe with Swish"
                hint="Scan the QR code with the Swish app on your phone. The marketplace books your payment when the money is in."
              />
            </div>
          ) : null}
          <dl className="sales-figures">
            <Figure
              label={t('Balance')}
              value={format.price(shown.balance)}
              detail={t('Positive: the marketplace owes you. Negative: you owe the marketplace.')}
            />
            <Figure
              label={t('Held back')}
              value={format.price(shown.held)}
              detail={t(
                'From orders not yet delivered, or delivered less than {{days}} days ago (the buyer’s right of withdrawal).',
                { days: WITHDRAWAL_DAYS },
              )}
            />
          </dl>
          <section className="sales-chart-card" aria-labelledby={`${id}-month-heading`}>
            <div className="sales-chart-head">
              <h3 id={`${id}-month-heading`}>{t('Entries')}</h3>
              <div className="form-field ledger-month">
                <label htmlFor={`${id}-month`}>{t('Month')}</label>
                <input
                  id={`${id}-month`}
                  type="month"
                  value={month ?? shown.month}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (isLedgerMonth(value)) setMonth(value);
                  }}
                />
              </div>
            </div>
            <p className="form-hint">
              {t('Opening balance')}: {format.price(shown.opening)} · {t('Closing balance')}:{' '}
              {format.price(shown.closing)}
            </p>
            <p className="ledger-statement-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => void onDownload(shown.month)}
              >
                {t('Download statement (CSV)')}
              </button>
              <Link className="button button-small button-secondary" to={`/my_shop_statement/${shown.month}`}>
                {t('Printable statement')}
              </Link>
            </p>
            {downloadError && <MessageBox variant="danger">{t(downloadError)}</MessageBox>}
            <Entries statement={shown} />
          </section>
        </>
      )}
    </section>
  );
}
