import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { IncomingOrders } from '../components/incoming-orders';
import { OrderExportForm } from '../components/order-export-form';

/** /orderlist/seller (spec section 2, seller): the shop's own incoming orders. */
export function SellerOrderListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('My Shop / Orders'));
  const { user } = useSession();
  return (
    <section className="page" aria-labelledby="seller-order-list-heading">
      <h1 id="seller-order-list-heading">{t('My Shop / Orders')}</h1>
      <IncomingOrders seller={user?._id ?? ''} label={t('Incoming orders')} forSeller />
      <OrderExportForm />
    </section>
  );
}
