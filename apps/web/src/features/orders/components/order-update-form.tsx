import type { Order } from '@torget/shared/api-types';
import { DELIVERY_DATE_MISSING, PAYMENT_DATE_MISSING } from '@torget/shared/rules/orders';
import { type FormEvent, useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useUpdateOrder } from '../api/update-order';
import '../orders.css';

/** 'YYYY-MM-DD' of a stored timestamp, as a date input takes it; '' without one. */
const dayOf = (iso: string | null) => (iso ? iso.substring(0, 10) : '');

/**
 * The seller's form of a Swish order (spec sections 2, 5 and 6): paid and delivered, each with
 * its date; a date input is enabled only while its box is ticked.
 */
export function OrderUpdateForm({ order }: { order: Order }) {
  const id = useId();
  const updateOrder = useUpdateOrder();
  const [isPaid, setIsPaid] = useState(order.isPaid);
  const [paidDate, setPaidDate] = useState(dayOf(order.paidAt));
  const [isDelivered, setIsDelivered] = useState(order.isDelivered);
  const [deliveredDate, setDeliveredDate] = useState(dayOf(order.deliveredAt));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPaid && paidDate === '') {
      window.alert(PAYMENT_DATE_MISSING);
      return;
    }
    if (isDelivered && deliveredDate === '') {
      window.alert(DELIVERY_DATE_MISSING);
      return;
    }
    updateOrder.mutate({
      id: order._id,
      update: {
        is_paid: isPaid,
        paid_date: isPaid ? paidDate : '',
        is_delivered: isDelivered,
        delivered_date: isDelivered ? deliveredDate : '',
      },
    });
  }

  return (
    <form className="order-update-form" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Update order</h3>
      {updateOrder.isError && <MessageBox variant="danger">{updateOrder.error.message}</MessageBox>}
      {updateOrder.isSuccess && <MessageBox variant="success">Order was updated.</MessageBox>}
      <div className="order-update-row">
        <label className="form-check">
          <input type="checkbox" checked={isPaid} onChange={(event) => setIsPaid(event.target.checked)} />
          Paid
        </label>
        <div className="form-field">
          <label htmlFor={`${id}-paid`}>Payment date</label>
          <input
            id={`${id}-paid`}
            type="date"
            value={paidDate}
            disabled={!isPaid}
            onChange={(event) => setPaidDate(event.target.value)}
          />
        </div>
      </div>
      <div className="order-update-row">
        <label className="form-check">
          <input type="checkbox" checked={isDelivered} onChange={(event) => setIsDelivered(event.target.checked)} />
          Delivered
        </label>
        <div className="form-field">
          <label htmlFor={`${id}-delivered`}>Delivery date</label>
          <input
            id={`${id}-delivered`}
            type="date"
            value={deliveredDate}
            disabled={!isDelivered}
            onChange={(event) => setDeliveredDate(event.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="button button-block" disabled={updateOrder.isPending}>
        {updateOrder.isPending ? 'Updating...' : 'Update'}
      </button>
    </form>
  );
}
