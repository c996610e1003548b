import type { SalesOverviewBucket, SellerOverview } from '@torget/shared/api-types.generated';
import { LOW_STOCK_LIMIT } from '@torget/shared/rules/sales-overview';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useSalesOverview } from '../api/get-sales-overview';
import '../sales-overview.css';

// uPlot comes with this screen only, after its figures: a chunk of its own.
const SalesChart = lazy(() => import('./sales-chart'));

type Range = 'days' | 'weeks';

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

/** The figures behind the chart, as a table: the chart's text alternative. */
function SalesTable({ buckets, range }: { buckets: SalesOverviewBucket[]; range: Range }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <details className="sales-table-details">
      <summary>{t('Show the figures as a table')}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-label={t('Sales figures')}>
        <table className="data-table sales-table">
          <thead>
            <tr>
              <th scope="col">{range === 'days' ? t('Day') : t('Week from')}</th>
              <th scope="col">{t('Orders')}</th>
              <th scope="col">{t('Revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {[...buckets].reverse().map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row" data-label={range === 'days' ? t('DAY') : t('WEEK FROM')}>
                  {format.date(bucket.start)}
                </th>
                <td data-label={t('ORDERS')}>{bucket.orders}</td>
                <td data-label={t('REVENUE')}>{format.price(bucket.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

function Overview({ overview }: { overview: SellerOverview }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [range, setRange] = useState<Range>('days');
  const buckets = range === 'days' ? overview.daily : overview.weekly;
  const chartLabel = range === 'days' ? t('Revenue per day, last 30 days') : t('Revenue per week, this year');
  const orderCount = (count: number) => t('{{count}} orders', { count });
  return (
    <>
      <dl className="sales-figures">
        <Figure
          label={t('Last 30 days')}
          value={format.price(overview.last30Days.revenue)}
          detail={orderCount(overview.last30Days.orders)}
        />
        <Figure
          label={t('This year')}
          value={format.price(overview.thisYear.revenue)}
          detail={orderCount(overview.thisYear.orders)}
        />
      </dl>

      {/* No link here may share a word with the spec's four menu buttons above (Products, Orders,
          View shop, Settings): they are found by those names. */}
      <ul className="sales-todo" aria-label={t('To do')}>
        <li>
          <Link to="/orderlist/seller?status=to_confirm_payment" className="sales-todo-link">
            <span className="sales-todo-count">{overview.awaitingPayment}</span>
            {t('Swish payments to confirm')}
          </Link>
        </li>
        <li>
          <Link to="/orderlist/seller?status=to_deliver" className="sales-todo-link">
            <span className="sales-todo-count">{overview.toDeliver}</span>
            {t('Paid, to deliver')}
          </Link>
        </li>
      </ul>

      <section className="sales-chart-card" aria-labelledby="sales-chart-heading">
        <div className="sales-chart-head">
          <h3 id="sales-chart-heading">{chartLabel}</h3>
          <fieldset className="sales-range">
            <legend className="visually-hidden">{t('Chart period')}</legend>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-pressed={range === 'days'}
              onClick={() => setRange('days')}
            >
              {t('30 days')}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-pressed={range === 'weeks'}
              onClick={() => setRange('weeks')}
            >
              {t('This year')}
            </button>
          </fieldset>
        </div>
        <Suspense fallback={<LoadingBox />}>
          <SalesChart buckets={buckets} unit={range === 'days' ? 'day' : 'week'} />
        </Suspense>
        <p className="form-hint">
          {t('Orders placed and not cancelled, paid or not, by Swedish date. Revenue includes shipping.')}
        </p>
        <SalesTable buckets={buckets} range={range} />
      </section>

      <section className="sales-low-stock" aria-labelledby="low-stock-heading">
        <h3 id="low-stock-heading">{t('Low in stock ({{limit}} or fewer)', { limit: LOW_STOCK_LIMIT })}</h3>
        {overview.lowStock.length === 0 ? (
          <p className="form-hint">
            {t('Every product has more than {{limit}} in stock.', { limit: LOW_STOCK_LIMIT })}
          </p>
        ) : (
          <ul className="low-stock-list">
            {overview.lowStock.map((product) => (
              <li key={product._id}>
                <Link to={`/product/${product._id}/edit/seller`}>{product.name}</Link>
                <span className="low-stock-number">{t('No. {{number}}', { number: product.number })}</span>
                <span className={product.countInStock === 0 ? 'low-stock-count is-out' : 'low-stock-count'}>
                  {product.countInStock === 0 ? t('Sold out') : t('{{count}} left', { count: product.countInStock })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The seller's sales overview on /my_shop_menu, under the spec's four buttons. */
export function SalesOverview() {
  const { t } = useTranslation();
  const overview = useSalesOverview();
  return (
    <section className="sales-overview" aria-labelledby="sales-overview-heading">
      <h2 id="sales-overview-heading">{t('Sales overview')}</h2>
      {overview.isPending ? (
        <LoadingBox />
      ) : overview.isError ? (
        <MessageBox variant="danger">{t(overview.error.message)}</MessageBox>
      ) : (
        <Overview overview={overview.data} />
      )}
    </section>
  );
}
