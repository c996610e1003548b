import { zodResolver } from '@hookform/resolvers/zod';
import type { Order } from '@torget/shared/api-types.generated';
import { displayDate } from '@torget/shared/rules/dates';
import { type OrderUpdateInput, orderUpdateSchema } from '@torget/shared/schemas/orders';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldError } from '#web/components/field-error.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useUpdateOrder } from '../api/update-order';
import '../orders.css';

/** The Stockholm day of a stored timestamp, the one the order page shows, as a date input takes it; '' without one. */
const dayOf = (iso: string | null) => (iso ? displayDate(iso) : '');

/** Today in Stockholm, the calendar the order page shows its dates in, as a date input takes it. */
const today = (): string => displayDate(new Date().toISOString());

type OrderUpdateFields = z.input<typeof orderUpdateSchema>;

/**
 * The seller's form of a Swish order (spec sections 2, 5 and 6): paid and delivered, each with
 * its date; a date input is enabled only while its box is ticked. A date not yet set is today,
 * and ticking a box whose date is empty puts today back; the seller may change it. Validated on
 * the shared schema, whose messages are the spec's ('Please enter the payment date.') beside the
 * date, for a date the seller emptied.
 */
export function OrderUpdateForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const id = useId();
  const updateOrder = useUpdateOrder();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<OrderUpdateFields, unknown, OrderUpdateInput>({
    resolver: zodResolver(orderUpdateSchema),
    defaultValues: {
      is_paid: order.isPaid,
      paid_date: dayOf(order.paidAt) || today(),
      is_delivered: order.isDelivered,
      delivered_date: dayOf(order.deliveredAt) || today(),
    },
  });
  const isPaid = watch('is_paid');
  const isDelivered = watch('is_delivered');
  /** Ticking a box whose date is empty fills in today. */
  const datedWhenTicked = (field: 'paid_date' | 'delivered_date') => ({
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked && !getValues(field)) setValue(field, today());
    },
  });

  // An unticked box sends no date ('' on the wire, spec section 7), whatever its input holds.
  const onValid = (update: OrderUpdateInput) =>
    updateOrder.mutateAsync({
      id: order._id,
      update: {
        is_paid: update.is_paid,
        paid_date: update.is_paid ? (update.paid_date ?? '') : '',
        is_delivered: update.is_delivered,
        delivered_date: update.is_delivered ? (update.delivered_date ?? '') : '',
      },
    });

  const paidError = errors.paid_date?.message;
  const deliveredError = errors.delivered_date?.message;

  return (
    <form
      className="order-update-form"
      onSubmit={handleSubmit((update) => onValid(update).catch(() => undefined))}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`}>{t('Update order')}</h3>
      {updateOrder.isError && <MessageBox variant="danger">{t(updateOrder.error.message)}</MessageBox>}
      {updateOrder.isSuccess && <MessageBox variant="success">{t('Order was updated.')}</MessageBox>}
      <div className="order-update-row">
        <label className="form-check">
          <input type="checkbox" {...register('is_paid', datedWhenTicked('paid_date'))} />
          {t('Paid')}
        </label>
        <div className="form-field">
          <label htmlFor={`${id}-paid`}>{t('Payment date')}</label>
          <input
            id={`${id}-paid`}
            type="date"
            {...register('paid_date', { disabled: !isPaid })}
            aria-invalid={paidError ? true : undefined}
            aria-describedby={paidError ? `${id}-paid-error` : undefined}
          />
          <FieldError id={`${id}-paid-error`} message={paidError} />
        </div>
      </div>
      <div className="order-update-row">
        <label className="form-check">
          <input type="checkbox" {...register('is_delivered', datedWhenTicked('delivered_date'))} />
          {t('Delivered')}
        </label>
        <div className="form-field">
          <label htmlFor={`${id}-delivered`}>{t('Delivery date')}</label>
          <input
            id={`${id}-delivered`}
            type="date"
            {...register('delivered_date', { disabled: !isDelivered })}
            aria-invalid={deliveredError ? true : undefined}
            aria-describedby={deliveredError ? `${id}-delivered-error` : undefined}
          />
          <FieldError id={`${id}-delivered-error`} message={deliveredError} />
        </div>
      </div>
      <button type="submit" className="button button-block" disabled={updateOrder.isPending}>
        {updateOrder.isPending ? t('Updating...') : t('Update')}
      </button>
    </form>
  );
}
