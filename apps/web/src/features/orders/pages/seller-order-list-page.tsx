import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { IncomingOrders } from '../components/incoming-orders';

/** /orderlist/seller (spec section 2, seller): the shop's own incoming orders. */
export function SellerOrderListPage() {
  useDocumentTitle('My Shop / Orders');
  const { user } = useSession();
  return (
    <section className="page" aria-labelledby="seller-order-list-heading">
      <h1 id="seller-order-list-heading">My Shop / Orders</h1>
      <IncomingOrders seller={user?._id ?? ''} label="Incoming orders" forSeller />
    </section>
  );
}
