/**
 * The withdrawal screens, one chunk (the router loads them with one import, so the first page
 * load carries one entry for the three): a seller's returns, the admins' overdue withdrawals,
 * and the printable standard withdrawal form of an order.
 */
import type { Order, WithdrawalListEntry } from '@torget/shared/api-types.generated';
import { displayDate } from '@torget/shared/rules/dates';
import { Link, useParams } from 'react-router';
import { useOrder } from '#web/api/get-order.ts';
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

/**
 * The wording of the standard withdrawal form: the annex of distansavtalslagen (2005:59) in
 * Swedish and the model form of directive 2011/83/EU, Annex I(B), in English. It is a legal text
 * quoted as the law has it, so it is shown in both languages whatever the UI language, and not
 * translated through the catalogue.
 */
const FORM = {
  sv: {
    title: 'Standardformulär för utövande av ångerrätt',
    intro: '(Detta formulär fylls i och skickas endast om konsumenten vill utöva sin ångerrätt)',
    to: 'Till',
    notice:
      'Jag/Vi (*) meddelar härmed att jag/vi (*) vill frånträda mitt/vårt (*) avtal om köp av följande varor (*)/tillhandahållande av följande tjänster (*)',
    ordered: 'Beställd den (*)/mottagen den (*)',
    name: 'Konsumentens/konsumenternas namn',
    address: 'Konsumentens/konsumenternas adress',
    signature: 'Konsumentens/konsumenternas namnteckning (endast om formuläret skickas i pappersversion)',
    date: 'Datum',
    strike: '(*) Stryk det som inte gäller.',
    order: 'Order',
    received: 'mottagen',
    ordered_on: 'beställd',
  },
  en: {
    title: 'Model withdrawal form',
    intro: '(complete and return this form only if you wish to withdraw from the contract)',
    to: 'To',
    notice:
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)',
    ordered: 'Ordered on (*)/received on (*)',
    name: 'Name of consumer(s)',
    address: 'Address of consumer(s)',
    signature: 'Signature of consumer(s) (only if this form is notified on paper)',
    date: 'Date',
    strike: '(*) Delete as appropriate.',
    order: 'Order',
    received: 'received',
    ordered_on: 'ordered',
  },
} as const;

/** One language's form, filled in from the order where the order knows the answer. */
function FormSheet({ order, language }: { order: Order; language: 'sv' | 'en' }) {
  const text = FORM[language];
  const address = order.shippingAddress;
  const orderUrl = `${window.location.origin}/order/${order._id}`;
  return (
    <section className="withdrawal-form-sheet" lang={language} aria-label={text.title}>
      <h2>{text.title}</h2>
      <p>{text.intro}</p>
      <p>
        {text.to}:
        <span className="withdrawal-form-fill">
          {order.seller.seller.name} — {text.order} {order.orderNumber}, {orderUrl}
        </span>
      </p>
      <p>
        {text.notice}:
        <span className="withdrawal-form-fill">
          {order.orderItems.map((item) => `${item.qty} × ${item.name}`).join('; ')}
        </span>
      </p>
      <p>
        {text.ordered}:
        <span className="withdrawal-form-fill">
          {text.ordered_on} {displayDate(order.createdAt)}
          {order.isDelivered ? `, ${text.received} ${displayDate(order.deliveredAt)}` : ''}
        </span>
      </p>
      <p>
        {text.name}:<span className="withdrawal-form-fill">{address.fullName}</span>
      </p>
      <p>
        {text.address}:
        <span className="withdrawal-form-fill">{`${address.address}, ${address.postalCode} ${address.city}, ${address.country}`}</span>
      </p>
      <p>
        {text.signature}:<span className="withdrawal-form-fill" />
      </p>
      <p>
        {text.date}:<span className="withdrawal-form-fill" />
      </p>
      <p>{text.strike}</p>
    </section>
  );
}

/**
 * /order/{id}/withdrawal_form: the standard withdrawal form of the law's annex, printable, in
 * Swedish with the English version below, filled in from the order.
 */
export function WithdrawalFormPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('Standard withdrawal form'));
  const order = useOrder(id);
  return (
    <section className="page withdrawal-form-page" aria-labelledby="withdrawal-form-heading">
      <h1 id="withdrawal-form-heading" className="no-print">
        {t('Standard withdrawal form')}
      </h1>
      {order.isPending ? (
        <LoadingBox />
      ) : order.isError ? (
        <MessageBox variant="danger">{t(order.error.message)}</MessageBox>
      ) : (
        <>
          <p className="no-print">
            {t(
              'You can also withdraw on the order page with the button “Withdraw from purchase”. To use this form, print it, fill it in and send it to the seller.',
            )}
          </p>
          <p className="button-row no-print">
            <Link to={`/order/${order.data._id}`} className="button button-secondary">
              {t('Back to the order')}
            </Link>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('Print')}
            </button>
          </p>
          <FormSheet order={order.data} language="sv" />
          <FormSheet order={order.data} language="en" />
        </>
      )}
    </section>
  );
}
