import { Link } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { pageCount, useListPage } from '#web/hooks/use-list-page.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useMyOrders } from '../api/get-my-orders';
import { OrderTable } from '../components/order-table';

/** /orderhistory (spec section 2): the signed-in user's own outgoing orders. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Order History'));
  const { page, hrefFor } = useListPage();
  const orders = useMyOrders(page);
  return (
    <section className="page" aria-labelledby="order-history-heading">
      <h1 id="order-history-heading">{t('Order History')}</h1>
      {orders.isPending ? (
        <LoadingBox />
      ) : orders.isError ? (
        <MessageBox variant="danger">{t(orders.error.message)}</MessageBox>
      ) : orders.data.items.length === 0 ? (
        <MessageBox>
          {t('You have no orders yet.')} <Link to="/">{t('Go shopping')}</Link>
        </MessageBox>
      ) : (
        <>
          <OrderTable orders={orders.data.items} label={t('My outgoing orders')} showShop />
          <Pager page={page} pages={pageCount(orders.data.total)} hrefFor={hrefFor} label={t('Order history pages')} />
        </>
      )}
    </section>
  );
}
