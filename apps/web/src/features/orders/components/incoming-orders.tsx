import type { Order } from '@torget/shared/api-types.generated';
import { canDeleteOrder, orderFactsOf } from '@torget/shared/policies/orders';
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import { INCOMING_ORDER_FILTERS, type IncomingOrderFilter } from '@torget/shared/schemas/orders';
import { Link, useSearchParams } from 'react-router';
import { DELETE_QUESTION, useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { pageCount, useListPage } from '#web/hooks/use-list-page.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDeleteOrder } from '../api/delete-order';
import { NO_ORDER_SEARCH, useOrders } from '../api/get-orders';
import { AdminOrderFilters, useAdminOrderSearch } from './admin-order-filters';
import { OrderTable } from './order-table';
import '#web/components/filter-pills.css';

interface IncomingOrdersProps {
  /** A seller's id, or '' for all orders (admin). */
  seller: string;
  label: string;
  showShop?: boolean;
  /** The seller's list: filters for the orders to act on, shipping city and item count. */
  forSeller?: boolean;
}

type Translate = ReturnType<typeof useTranslation>['t'];

const filterText = (t: Translate): Record<IncomingOrderFilter | '', { tab: string; empty: string }> => ({
  '': { tab: t('All orders'), empty: t('No orders yet.') },
  to_confirm_payment: {
    tab: t('To confirm payment'),
    empty: t('No Swish payments are waiting for you to confirm.'),
  },
  to_deliver: { tab: t('To deliver'), empty: t('Every paid order has been delivered.') },
});

const isFilter = (value: string | null): value is IncomingOrderFilter =>
  (INCOMING_ORDER_FILTERS as readonly string[]).includes(value ?? '');

/** The filter links: each starts at page 1 of its list; the current one is marked for screen readers. */
function OrderFilters({ current }: { current: IncomingOrderFilter | '' }) {
  const { t } = useTranslation();
  const filters = ['', ...INCOMING_ORDER_FILTERS] as const;
  const texts = filterText(t);
  return (
    <nav className="filter-pills" aria-label={t('Show orders')}>
      {filters.map((filter) => (
        <Link
          key={filter || 'all'}
          to={filter === '' ? '?' : `?status=${filter}`}
          className="filter-pill"
          aria-current={filter === current ? 'page' : undefined}
        >
          {texts[filter].tab}
        </Link>
      ))}
    </nav>
  );
}

/**
 * An order list, 50 a page, with the buyer's name and Delete where allowed (asked in the page's
 * dialog); the list reloads after a delete. The seller's list can be filtered by `?status=`.
 */
export function IncomingOrders({ seller, label, showShop, forSeller }: IncomingOrdersProps) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const confirm = useConfirm();
  const [params] = useSearchParams();
  const asked = params.get('status');
  const status = forSeller && isFilter(asked) ? asked : '';
  // The admin's list of every order searches and filters (decision 270); a seller's does not.
  const admin = useAdminOrderSearch();
  const searching = seller === '' && actor?.isAdmin === true;
  const { page, hrefFor } = useListPage();
  const orders = useOrders(seller, page, status, searching ? admin.find : NO_ORDER_SEARCH);
  const deleteOrder = useDeleteOrder();

  async function onDelete(order: Order) {
    if (!(await confirm({ message: DELETE_QUESTION, confirmLabel: t('Delete'), destructive: true }))) return;
    deleteOrder.mutate(order._id);
  }

  return (
    <>
      {forSeller && <OrderFilters current={status} />}
      {searching && <AdminOrderFilters filters={admin.filters} find={admin.find} />}
      {deleteOrder.isError && <MessageBox variant="danger">{t(deleteOrder.error.message)}</MessageBox>}
      {deleteOrder.isSuccess && <MessageBox variant="success">{t(ORDER_DELETED)}</MessageBox>}
      {orders.isPending ? (
        <LoadingBox />
      ) : orders.isError ? (
        <MessageBox variant="danger">{t(orders.error.message)}</MessageBox>
      ) : orders.data.items.length === 0 ? (
        <MessageBox>
          {searching && admin.filters.active ? t('No orders match your search.') : filterText(t)[status].empty}
        </MessageBox>
      ) : (
        <>
          {searching && (
            <p className="list-total" aria-live="polite">
              {orders.isPlaceholderData ? t('Searching...') : t('Found: {{n}}', { n: orders.data.total })}
            </p>
          )}
          <OrderTable
            orders={orders.data.items}
            label={label}
            showBuyer
            showShop={showShop}
            showShipping={forSeller}
            canDelete={(order) => canDeleteOrder(actor, orderFactsOf(order))}
            onDelete={(order) => void onDelete(order)}
            deletingId={deleteOrder.isPending ? deleteOrder.variables : undefined}
          />
          <Pager page={page} pages={pageCount(orders.data.total)} hrefFor={hrefFor} label={t('Order list pages')} />
        </>
      )}
    </>
  );
}
