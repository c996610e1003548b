import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { IncomingOrders } from '../components/incoming-orders';
import { OrderExportForm } from '../components/order-export-form';

/** /orderlist (spec section 2, admin): every order of every shop. */
export function OrderListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Orders'));
  return (
    <section className="page" aria-labelledby="order-list-heading">
      <h1 id="order-list-heading">{t('Orders')}</h1>
      <IncomingOrders seller="" label={t('All orders')} showShop />
      <OrderExportForm />
    </section>
  );
}
