import { Link } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useAdminOverview } from '../api/get-admin-overview';

/**
 * The admin's overview on /admin_menu: orders and sales today and this month (Swedish days,
 * cancelled orders left out) and what waits for an admin, each linking to its list.
 */
export function AdminOverviewPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const overview = useAdminOverview(true);
  /** The text of each count the server sends, by its key; a count without one shows its key. */
  const countText: Record<string, string> = {
    openApplications: t('Open seller applications'),
    overdueWithdrawals: t('Withdrawals waiting over 14 days'),
    openReports: t('Open reports'),
  };
  if (overview.isPending) return <LoadingBox />;
  if (overview.isError) return <MessageBox variant="danger">{t(overview.error.message)}</MessageBox>;
  const { todayOrders, thisMonth, counts } = overview.data;
  const periods = [
    { key: 'today', title: t('Today'), figures: todayOrders, href: `/orderlist?from=${overview.data.today}` },
    {
      key: 'month',
      title: t('This month'),
      figures: thisMonth,
      href: `/orderlist?from=${overview.data.today.slice(0, 8)}01`,
    },
  ];
  return (
    <section className="admin-overview" aria-labelledby="admin-overview-heading">
      <h2 id="admin-overview-heading">{t('Overview')}</h2>
      <div className="admin-overview-cards">
        {periods.map((period) => (
          <Link key={period.key} to={period.href} className="admin-overview-card">
            <span className="admin-overview-title">{period.title}</span>
            <span className="admin-overview-figure">{t('Orders: {{n}}', { n: period.figures.orders })}</span>
            <span className="admin-overview-figure">
              {t('Sales: {{amount}}', { amount: format.price(period.figures.sales) })}
            </span>
          </Link>
        ))}
        {counts.map((item) => (
          <Link key={item.key} to={item.href} className="admin-overview-card">
            <span className="admin-overview-title">{countText[item.key] ?? item.key}</span>
            <span className="admin-overview-number">{item.count}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
