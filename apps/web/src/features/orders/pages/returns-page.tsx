import type { WithdrawalListEntry } from '@torget/shared/api-types';
import { Link } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useWithdrawals } from '../api/withdrawals';
import { WithdrawalDecisionForm } from '../components/withdrawal-decision-form';
import { withdrawalStatePhrase } from '../components/withdrawal-section';
import '../withdrawals.css';

/** The withdrawals as a table (cards under 640 px): order number, buyer, date, state, refund. */
function WithdrawalTable({
  rows,
  label,
  showShop,
  decides,
}: {
  rows: readonly WithdrawalListEntry[];
  label: string;
  showShop?: boolean;
  decides?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      <table className="data-table withdrawal-table">
        <thead>
          <tr>
            <th scope="col">{t('ORDER')}</th>
            <th scope="col">{t('BUYER')}</th>
            {showShop && <th scope="col">{t('SHOP')}</th>}
            <th scope="col">{t('DATE')}</th>
            <th scope="col">{t('ITEMS')}</th>
            <th scope="col">{t('STATE')}</th>
            <th scope="col">{t('REFUND')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = withdrawalStatePhrase(row);
            return (
              <tr key={row._id}>
                <td data-label={t('ORDER')}>
                  <Link to={`/order/${row.order._id}`}>{row.order.orderNumber}</Link>
                </td>
                <td data-label={t('BUYER')}>{row.order.buyerName}</td>
                {showShop && <td data-label={t('SHOP')}>{row.order.sellerName}</td>}
                <td className="cell-date" data-label={t('DATE')}>
                  {format.date(row.requestedAt)}
                </td>
                <td data-label={t('ITEMS')}>{row.lines.map((line) => `${line.qty} × ${line.name}`).join(', ')}</td>
                <td data-label={t('STATE')}>
                  {t(state.phrase, { date: format.date(state.at) })}
                  {decides && row.state === 'requested' && (
                    <details className="withdrawal-decide">
                      <summary>{t('Decide')}</summary>
                      <WithdrawalDecisionForm orderId={row.order._id} withdrawal={row} />
                    </details>
                  )}
                </td>
                <td className="cell-number" data-label={t('REFUND')}>
                  {row.refundAmount === null ? '-' : format.price(row.refundAmount)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function WithdrawalList({ overdue, empty, label }: { overdue: boolean; empty: string; label: string }) {
  const { t } = useTranslation();
  const list = useWithdrawals(overdue);
  if (list.isPending) return <LoadingBox />;
  if (list.isError) return <MessageBox variant="danger">{t(list.error.message)}</MessageBox>;
  if (list.data.items.length === 0) return <MessageBox>{t(empty)}</MessageBox>;
  return <WithdrawalTable rows={list.data.items} label={label} showShop={overdue} decides={overdue} />;
}

/** /orderlist/seller/returns (seller): the withdrawals on the shop's orders, newest first. */
export function ReturnsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Returns'));
  return (
    <section className="page" aria-labelledby="returns-heading">
      <h1 id="returns-heading">{t('Returns')}</h1>
      <p>{t('Withdrawals from your orders. Open an order to accept a withdrawal and refund it.')}</p>
      <WithdrawalList overdue={false} empty="No withdrawals yet." label={t('Returns')} />
    </section>
  );
}

/** /orderlist/withdrawals (admin): every open withdrawal older than 14 days, oldest first, to decide. */
export function OverdueWithdrawalsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Overdue withdrawals'));
  return (
    <section className="page" aria-labelledby="overdue-withdrawals-heading">
      <h1 id="overdue-withdrawals-heading">{t('Overdue withdrawals')}</h1>
      <p>{t('Withdrawals no seller has decided on for more than 14 days.')}</p>
      <WithdrawalList overdue empty="No open withdrawals older than 14 days." label={t('Overdue withdrawals')} />
    </section>
  );
}
