import { Link } from 'react-router';
import { LoadingBox } from '../../../components/loading-box';
import { MessageBox } from '../../../components/message-box';
import { Pager } from '../../../components/pager';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { pageCount, useListPage } from '../../../hooks/use-list-page';
import { useMyOrders } from '../api/get-my-orders';
import { OrderTable } from '../components/order-table';

/** /orderhistory (spec section 2): the signed-in user's own outgoing orders. */
export function OrderHistoryPage() {
  useDocumentTitle('Order History');
  const { page, hrefFor } = useListPage();
  const orders = useMyOrders(page);
  return (
    <section className="page" aria-labelledby="order-history-heading">
      <h1 id="order-history-heading">Order History</h1>
      {orders.isPending ? (
        <LoadingBox />
      ) : orders.isError ? (
        <MessageBox variant="danger">{orders.error.message}</MessageBox>
      ) : orders.data.items.length === 0 ? (
        <MessageBox>
          You have no orders yet. <Link to="/">Go shopping</Link>
        </MessageBox>
      ) : (
        <>
          <OrderTable orders={orders.data.items} label="My outgoing orders" showShop />
          <Pager page={page} pages={pageCount(orders.data.total)} hrefFor={hrefFor} label="Order history pages" />
        </>
      )}
    </section>
  );
}
