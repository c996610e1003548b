import { Link } from 'react-router';
import { MenuButtons } from '#web/components/menu-buttons.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { sellerStatusShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { LedgerStatementSection } from '../components/ledger-statement';
import { SalesOverview } from '../components/sales-overview';

// The printable statement loads with My Shop (app/router.tsx: one chunk).
export { StatementPage } from './statement-page';

/**
 * /my_shop_menu (spec section 2, Layout): the seller's four buttons, then the sales overview and
 * the seller's finances with the marketplace (balance, held money, entries by month).
 * Like the header's My Shop menu, it applies on the marketplace and on the seller's
 * own domain only.
 */
export function MyShopMenuPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('My Shop'));
  const { user } = useSession();
  const entries = [
    { to: '/productlist/seller', text: t('Products') },
    { to: '/orderlist/seller', text: t('Orders') },
    { to: `/seller/${user?._id ?? ''}`, text: t('View shop') },
    { to: '/seller_profile', text: t('Settings') },
  ];
  return (
    <section className="page" aria-labelledby="my-shop-heading">
      <h1 id="my-shop-heading">{t('My Shop')}</h1>
      {user && sellerStatusShows(user) ? (
        <>
          <MenuButtons label={t('My Shop menu')} entries={entries} />
          {/* The spec's menu keeps its four buttons; the buyers' withdrawals have a link of their own. */}
          <p>
            <Link to="/orderlist/seller/returns" className="standalone-link">
              {t('Returns')}
            </Link>
          </p>
          <SalesOverview />
          <LedgerStatementSection />
        </>
      ) : (
        <MessageBox>
          {t('Your shop is managed on the marketplace’s main site or on your shop’s own domain.')}
        </MessageBox>
      )}
    </section>
  );
}
