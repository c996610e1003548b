import { MenuButtons } from '#web/components/menu-buttons.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { adminMenuShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useAdminOverview } from '../api/get-admin-overview';
import { AdminOverviewPanel } from '../components/admin-overview';
import '../admin.css';

/**
 * /admin_menu (spec section 2, Layout): the spec's four admin buttons, the PayPal payments
 * (refunds), the payouts, the finances, the seller applications with the count of pending
 * ones, the overdue withdrawals and the moderation queue of reports, and under them the overview (orders, sales, open work), on the marketplace's main host
 * only.
 */
export function AdminMenuPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Admin'));
  const { user } = useSession();
  // The overview's count (the panel below reads the same answer), not a read of the whole queue.
  const pending = useAdminOverview(adminMenuShows(user)).data?.counts.find((c) => c.key === 'openApplications')?.count;
  const entries = [
    { to: '/productlist', text: t('Products') },
    { to: '/orderlist', text: t('Orders') },
    { to: '/userlist', text: t('Users') },
    { to: '/admin_settings', text: t('Settings') },
    { to: '/admin_payments', text: t('PayPal payments') },
    { to: '/admin_payouts', text: t('Payouts') },
    {
      to: '/admin_applications',
      text:
        pending === undefined
          ? t('Seller applications')
          : t('Seller applications ({{count}} pending)', { count: pending }),
    },
    { to: '/admin_finances', text: t('Finances') },
    { to: '/orderlist/withdrawals', text: t('Overdue withdrawals') },
    { to: '/admin_reports', text: t('Reports') },
  ];
  return (
    <section className="page" aria-labelledby="admin-menu-heading">
      <h1 id="admin-menu-heading">{t('Admin')}</h1>
      {adminMenuShows(user) ? (
        <>
          <MenuButtons label={t('Admin menu')} entries={entries} />
          <AdminOverviewPanel />
        </>
      ) : (
        <MessageBox>{t('The admin menu is available on the marketplace’s main site only.')}</MessageBox>
      )}
    </section>
  );
}
