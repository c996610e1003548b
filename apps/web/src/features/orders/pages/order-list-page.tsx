import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { IncomingOrders } from '../components/incoming-orders';

/** /orderlist (spec section 2, admin): every order of every shop. */
export function OrderListPage() {
  useDocumentTitle('Orders');
  return (
    <section className="page" aria-labelledby="order-list-heading">
      <h1 id="order-list-heading">Orders</h1>
      <IncomingOrders seller="" label="All orders" showShop />
    </section>
  );
}
