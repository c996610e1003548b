import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import {
  canCancelOrder,
  canDeleteOrder,
  canPayOrder,
  canShipOrder,
  canWriteOrderMessages,
  isBuyerOf,
  isSellerOf,
  managesAsSeller,
  orderFactsOf,
} from '@torget/shared/policies/orders';
import { formatOrderNumber, parseOrderNumber } from '@torget/shared/rules/order-number';
import { ORDER_DELETED } from '@torget/shared/rules/orders';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderQueryKey, orderQueryOptions, useOrder } from '#web/api/get-order.ts';
import { DELETE_QUESTION, useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { OrderItems } from '#web/components/order-items.tsx';
import { OrderSummary } from '#web/components/order-summary.tsx';
import { SwishPayment } from '#web/components/swish-payment.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useCancelOrder } from '../api/cancel-order';
import { useDeleteOrder } from '../api/delete-order';
import { OrderRefunds, refundable } from '../components/order-refunds';
import { StatusBadges, StatusBox } from '../components/order-status';
import { OrderThread } from '../components/order-thread';
import { PaymentRefunds } from '../components/payment-refunds';
import { ShipOrderForm } from '../components/ship-order-form';
import { ShipmentInfo } from '../components/shipment-info';
import { SwishOpenApp } from '../components/swish-open-app';
import { WithdrawalSection } from '../components/withdrawal-section';
import '../orders.css';
import { cancelledText } from '../utils/cancelled-text';
import { statusBadges } from '../utils/order-status';

/** The number a URL opened by number names (/order/t-100001 → T-100001), before the order loads. */
function parseOrderNumberText(key: string): string | null {
  const number = parseOrderNumber(key);
  return number === null ? null : formatOrderNumber(number);
}

// The withdrawal screens (a seller's returns, the admins' overdue list, the printable form) load
// with this page's chunk, so the first page load names no chunk of theirs (app/router.tsx).
export { OverdueWithdrawalsPage, ReturnsPage, WithdrawalFormPage } from './withdrawal-pages';

// PayPal's SDK wrapper loads only when an unpaid PayPal order is shown to its buyer.
const PaypalPayment = lazy(async () => ({
  default: (await import('../components/paypal-payment')).PaypalPayment,
}));
// The refund form loads only for the seller or an admin of a paid order with money left to refund.
const RefundOrderForm = lazy(async () => ({
  default: (await import('../components/refund-order-form')).RefundOrderForm,
}));
// The seller's update form (react-hook-form and the zod schemas) loads only for the seller.
const OrderUpdateForm = lazy(async () => ({
  default: (await import('../components/order-update-form')).OrderUpdateForm,
}));

/** /order/{id} (spec section 2, Checkout): details, status, and paying or managing the order. */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // Once deleted, the order is gone: the notice stays, and nothing asks for the order again.
  const [deletedOrder, setDeletedOrder] = useState<{ id: string; number: string } | null>(null);
  const deleted = deletedOrder?.id === id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (deleted) queryClient.removeQueries({ queryKey: orderQueryKey(id) });
  }, [deleted, id, queryClient]);
  // The heading names the order by its number (T-100001), the id only in small text under it
  // (OrderHeader); the same query as the details', so it costs no request.
  const shown = useQuery({ ...orderQueryOptions(id), enabled: !deleted });
  const number = deleted ? deletedOrder.number : (shown.data?.orderNumber ?? parseOrderNumberText(id));
  const title = t('Order {{id}}', { id: number ?? '…' });
  useDocumentTitle(title);

  return (
    <section className="page order-page" aria-labelledby="order-heading">
      <h1 id="order-heading" className="order-heading">
        {title}
      </h1>
      {deleted ? (
        <>
          <MessageBox variant="success">{t(ORDER_DELETED)}</MessageBox>
          <p className="button-row">
            <Link to="/orderhistory" className="button button-secondary">
              {t('Order History')}
            </Link>
            <Link to="/" className="button">
              {t('Go shopping')}
            </Link>
          </p>
        </>
      ) : (
        <OrderDetails id={id} onDeleted={(number) => setDeletedOrder({ id, number })} />
      )}
    </section>
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
  const { t } = useTranslation();
  return (
    <div className="order-delete">
      {mutation.error && <MessageBox variant="danger">{t(mutation.error.message)}</MessageBox>}
      <button
        type="button"
        className="button button-danger button-block"
        disabled={mutation.isPending}
        onClick={onClick}
      >
        {mutation.isPending ? t(pendingLabel) : t(label)}
      </button>
    </div>
  );
}

/** The order's id in small text (the number is the heading), and the status badges. */
function OrderHeader({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="order-header">
      <p className="order-id-line">
        {t('Order ID')} <span className="order-uuid-inline">{order._id}</span>
      </p>
      <StatusBadges badges={statusBadges(order)} />
    </div>
  );
}

function OrderDetails({ id, onDeleted }: { id: string; onDeleted: (number: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { actor } = useSession();
  const confirm = useConfirm();
  const order = useOrder(id);
  const deleteOrder = useDeleteOrder();
  const cancelOrder = useCancelOrder();

  if (order.isPending) return <LoadingBox />;
  if (order.isError) return <MessageBox variant="danger">{t(order.error.message)}</MessageBox>;

  const data = order.data;
  const { shippingAddress: address } = data;
  const facts = orderFactsOf(data);
  const swishNumber = data.seller.seller.swish_number;
  const swishDue = data.paymentMethod === 'Swish' && !data.isPaid && !data.isCancelled && swishNumber !== '';

  const cancelled = cancelledText(data);

  // The actions name the order by its id, even when the page was opened by its number.
  async function onCancel() {
    const question = 'Cancel this order? Its items go back on sale.';
    if (
      !(await confirm({ message: question, confirmLabel: 'Yes, cancel it', cancelLabel: 'Keep it', destructive: true }))
    ) {
      return;
    }
    cancelOrder.mutate(data._id);
  }

  async function onDelete() {
    if (!(await confirm({ message: DELETE_QUESTION, confirmLabel: 'Delete', destructive: true }))) return;
    deleteOrder.mutate(data._id, { onSuccess: () => onDeleted(data.orderNumber) });
  }

  return (
    <>
      <OrderHeader order={data} />
      {swishDue && isBuyerOf(actor, facts) && (
        <SwishOpenApp swishNumber={swishNumber} amount={data.totalPrice} orderNumber={data.orderNumber} />
      )}
      <div className="order-layout">
        <div className="order-main">
          <section className="card order-card" aria-labelledby="order-shipping">
            <h2 className="order-card-title" id="order-shipping">
              {t('Shipping')}
            </h2>
            <dl className="form-summary">
              <dt>{t('Name')}</dt>
              <dd>{address.fullName}</dd>
              <dt>{t('Address')}</dt>
              <dd>{`${address.address}, ${address.postalCode} ${address.city}, ${address.country}`}</dd>
              <dt>{t('Shop')}</dt>
              <dd>{data.seller.seller.name}</dd>
            </dl>
            <StatusBox done={data.isDelivered} at={data.deliveredAt} doneText="Delivered at" notText="Not Delivered" />
            {data.shipment && <ShipmentInfo shipment={data.shipment} />}
          </section>
          <section className="card order-card" aria-labelledby="order-payment">
            <h2 className="order-card-title" id="order-payment">
              {t('Payment')}
            </h2>
            <dl className="form-summary">
              <dt>{t('Method')}</dt>
              <dd>{data.paymentMethod}</dd>
            </dl>
            {cancelled ? (
              <MessageBox variant="danger">
                <strong>{t('Cancelled {{date}}', { date: format.date(data.cancelledAt) })}</strong> {t(cancelled)}
              </MessageBox>
            ) : (
              <StatusBox done={data.isPaid} at={data.paidAt} doneText="Paid at" notText="Not Paid" />
            )}
            {data.paymentRefunds && <PaymentRefunds refunds={data.paymentRefunds} />}
            <OrderRefunds order={data} />
          </section>
          <OrderItems items={data.orderItems} />
          <WithdrawalSection order={data} />
          {canWriteOrderMessages(actor, facts) && <OrderThread orderId={data._id} />}
        </div>
        <OrderSummary amounts={data}>
          {data.paymentMethod === 'PayPal' && !data.isPaid && !data.isCancelled && canPayOrder(actor, facts) && (
            <Suspense fallback={<LoadingBox />}>
              <PaypalPayment order={data} />
            </Suspense>
          )}
          {swishDue && (
            <SwishPayment swishNumber={swishNumber} amount={data.totalPrice} orderNumber={data.orderNumber} />
          )}
          {data.paymentMethod === 'Swish' && isSellerOf(actor, facts) && (
            <Suspense fallback={<LoadingBox />}>
              <OrderUpdateForm key={data._id} order={data} />
            </Suspense>
          )}
          {canShipOrder(actor, facts) && <ShipOrderForm key={data._id} order={data} />}
          {managesAsSeller(actor, facts) && refundable(data) && (
            <Suspense fallback={<LoadingBox />}>
              <RefundOrderForm key={data._id} order={data} />
            </Suspense>
          )}
          {canCancelOrder(actor, facts) && (
            <DangerAction
              mutation={cancelOrder}
              label="Cancel Order"
              pendingLabel="Cancelling..."
              onClick={() => void onCancel()}
            />
          )}
          {canDeleteOrder(actor, facts) && (
            <DangerAction
              mutation={deleteOrder}
              label="Delete Order"
              pendingLabel="Deleting..."
              onClick={() => void onDelete()}
            />
          )}
        </OrderSummary>
      </div>
    </>
  );
}
