import { useQueryClient } from '@tanstack/react-query';
import { canCancelOrder, canDeleteOrder, canPayOrder, isSellerOf, orderFactsOf } from '@torget/shared/policies/orders';
import { displayDate } from '@torget/shared/rules/dates';
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderQueryKey, useOrder } from '#web/api/get-order.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { OrderItems } from '#web/components/order-items.tsx';
import { OrderSummary } from '#web/components/order-summary.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useCancelOrder } from '../api/cancel-order';
import { useDeleteOrder } from '../api/delete-order';
import { OrderUpdateForm } from '../components/order-update-form';
import { SwishPayment } from '../components/swish-payment';
import '../orders.css';
import { cancelledText } from '../utils/cancelled-text';

// PayPal's SDK wrapper loads only when an unpaid PayPal order is shown to its buyer.
const PaypalPayment = lazy(async () => ({
  default: (await import('../components/paypal-payment')).PaypalPayment,
}));

/** /order/{id} (spec section 2, Checkout): details, status, and paying or managing the order. */
export function OrderPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Order ${id}`);
  // Once deleted, the order is gone: the notice stays, and nothing asks for the order again.
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const deleted = deletedId === id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (deleted) queryClient.removeQueries({ queryKey: orderQueryKey(id) });
  }, [deleted, id, queryClient]);

  return (
    <section className="page order-page" aria-labelledby="order-heading">
      <h1 id="order-heading" className="order-heading">{`Order ${id}`}</h1>
      {deleted ? (
        <>
          <MessageBox variant="success">{ORDER_DELETED}</MessageBox>
          <p className="button-row">
            <Link to="/orderhistory" className="button button-secondary">
              Order History
            </Link>
            <Link to="/" className="button">
              Go shopping
            </Link>
          </p>
        </>
      ) : (
        <OrderDetails id={id} onDeleted={() => setDeletedId(id)} />
      )}
    </section>
  );
}

function StatusBox({
  done,
  at,
  doneText,
  notText,
}: {
  done: boolean;
  at: string | null;
  doneText: string;
  notText: string;
}) {
  return done ? (
    <MessageBox variant="success">{`${doneText} ${displayDate(at)}`}</MessageBox>
  ) : (
    <MessageBox variant="danger">{notText}</MessageBox>
  );
}

/** A destructive action under the summary (cancel, delete): its button and its error. */
function DangerAction({
  mutation,
  label,
  pendingLabel,
  onClick,
}: {
  mutation: { isPending: boolean; error: Error | null };
  label: string;
  pendingLabel: string;
  onClick: () => void;
}) {
  return (
    <div className="order-delete">
      {mutation.error && <MessageBox variant="danger">{mutation.error.message}</MessageBox>}
      <button
        type="button"
        className="button button-danger button-block"
        disabled={mutation.isPending}
        onClick={onClick}
      >
        {mutation.isPending ? pendingLabel : label}
      </button>
    </div>
  );
}

function OrderDetails({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const { actor } = useSession();
  const order = useOrder(id);
  const deleteOrder = useDeleteOrder();
  const cancelOrder = useCancelOrder();

  if (order.isPending) return <LoadingBox />;
  if (order.isError) return <MessageBox variant="danger">{order.error.message}</MessageBox>;

  const data = order.data;
  const { shippingAddress: address } = data;
  const facts = orderFactsOf(data);
  const swishNumber = data.seller.seller.swish_number;

  const cancelled = cancelledText(data);

  function onCancel() {
    if (!window.confirm('Cancel this order? Its items go back on sale.')) return;
    cancelOrder.mutate(id);
  }

  function onDelete() {
    if (!window.confirm('Are you sure to delete?')) return;
    deleteOrder.mutate(id, { onSuccess: onDeleted });
  }

  return (
    <div className="order-layout">
      <div className="order-main">
        <section className="card order-card" aria-labelledby="order-shipping">
          <h2 className="order-card-title" id="order-shipping">
            Shipping
          </h2>
          <dl className="form-summary">
            <dt>Name</dt>
            <dd>{address.fullName}</dd>
            <dt>Address</dt>
            <dd>{`${address.address}, ${address.postalCode} ${address.city}, ${address.country}`}</dd>
            <dt>Shop</dt>
            <dd>{data.seller.seller.name}</dd>
          </dl>
          <StatusBox done={data.isDelivered} at={data.deliveredAt} doneText="Delivered at" notText="Not Delivered" />
        </section>
        <section className="card order-card" aria-labelledby="order-payment">
          <h2 className="order-card-title" id="order-payment">
            Payment
          </h2>
          <dl className="form-summary">
            <dt>Method</dt>
            <dd>{data.paymentMethod}</dd>
          </dl>
          {cancelled ? (
            <MessageBox variant="danger">
              <strong>{`Cancelled ${displayDate(data.cancelledAt)}`}</strong> {cancelled}
            </MessageBox>
          ) : (
            <StatusBox done={data.isPaid} at={data.paidAt} doneText="Paid at" notText="Not Paid" />
          )}
        </section>
        <OrderItems items={data.orderItems} />
      </div>
      <OrderSummary amounts={data}>
        {data.paymentMethod === 'PayPal' && !data.isPaid && !data.isCancelled && canPayOrder(actor, facts) && (
          <Suspense fallback={<LoadingBox />}>
            <PaypalPayment order={data} />
          </Suspense>
        )}
        {data.paymentMethod === 'Swish' && !data.isPaid && swishNumber !== '' && (
          <SwishPayment swishNumber={swishNumber} amount={data.totalPrice} orderId={data._id} />
        )}
        {data.paymentMethod === 'Swish' && isSellerOf(actor, facts) && <OrderUpdateForm key={data._id} order={data} />}
        {canCancelOrder(actor, facts) && (
          <DangerAction mutation={cancelOrder} label="Cancel Order" pendingLabel="Cancelling..." onClick={onCancel} />
        )}
        {canDeleteOrder(actor, facts) && (
          <DangerAction mutation={deleteOrder} label="Delete Order" pendingLabel="Deleting..." onClick={onDelete} />
        )}
      </OrderSummary>
    </div>
  );
}
