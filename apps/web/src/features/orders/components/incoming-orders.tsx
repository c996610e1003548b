import type { Order } from '@torget/shared/api-types';
import { canDeleteOrder, orderFactsOf } from '@torget/shared/policies/orders';
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import { DELETE_QUESTION, useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { pageCount, useListPage } from '#web/hooks/use-list-page.ts';
import { useSession } from '#web/lib/session.tsx';
import { useDeleteOrder } from '../api/delete-order';
import { useOrders } from '../api/get-orders';
import { OrderTable } from './order-table';

interface IncomingOrdersProps {
  /** A seller's id, or '' for all orders (admin). */
  seller: string;
  label: string;
  showShop?: boolean;
}

/**
 * An order list, 50 a page, with the buyer's name and Delete where allowed; the list reloads
 * after a delete.
 */
export function IncomingOrders({ seller, label, showShop }: IncomingOrdersProps) {
  const { actor } = useSession();
  const { page, hrefFor } = useListPage();
  const orders = useOrders(seller, page);
  const deleteOrder = useDeleteOrder();
  const confirm = useConfirm();

  async function onDelete(order: Order) {
    if (!(await confirm({ message: DELETE_QUESTION, confirmLabel: 'Delete', destructive: true }))) return;
    deleteOrder.mutate(order._id);
  }

  return (
    <>
      {deleteOrder.isError && <MessageBox variant="danger">{deleteOrder.error.message}</MessageBox>}
      {deleteOrder.isSuccess && <MessageBox variant="success">{ORDER_DELETED}</MessageBox>}
      {orders.isPending ? (
        <LoadingBox />
      ) : orders.isError ? (
        <MessageBox variant="danger">{orders.error.message}</MessageBox>
      ) : orders.data.items.length === 0 ? (
        <MessageBox>No orders yet.</MessageBox>
      ) : (
        <>
          <OrderTable
            orders={orders.data.items}
            label={label}
            showBuyer
            showShop={showShop}
            canDelete={(order) => canDeleteOrder(actor, orderFactsOf(order))}
            onDelete={(order) => void onDelete(order)}
            deletingId={deleteOrder.isPending ? deleteOrder.variables : undefined}
          />
          <Pager page={page} pages={pageCount(orders.data.total)} hrefFor={hrefFor} label="Order list pages" />
        </>
      )}
    </>
  );
}
