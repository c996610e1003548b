import type { Order } from '@torget/shared/api-types.generated';
import { CARRIERS, type Carrier, isCarrier } from '@torget/shared/rules/shipping';
import { type FormEvent, useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useShipOrder } from '../api/ship-order';

/**
 * The seller's (or an admin's) shipping form: a carrier and an optional tracking number. Shipped
 * already, it corrects the carrier or number; the buyer was told the first time.
 */
export function ShipOrderForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const id = useId();
  const shipOrder = useShipOrder();
  const [carrier, setCarrier] = useState<Carrier>(
    order.shipment && isCarrier(order.shipment.carrier) ? order.shipment.carrier : 'PostNord',
  );
  const [trackingNumber, setTrackingNumber] = useState(order.shipment?.trackingNumber ?? '');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    shipOrder.mutate({ id: order._id, shipment: { carrier, tracking_number: trackingNumber } });
  }

  return (
    <form className="order-update-form ship-order-form" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('Ship order')}</h3>
      {shipOrder.isError && <MessageBox variant="danger">{t(shipOrder.error.message)}</MessageBox>}
      {shipOrder.isSuccess && <MessageBox variant="success">{t('Order was shipped.')}</MessageBox>}
      <div className="form-field">
        <label htmlFor={`${id}-carrier`}>{t('Carrier')}</label>
        <select
          id={`${id}-carrier`}
          className="select-input"
          value={carrier}
          onChange={(event) => isCarrier(event.target.value) && setCarrier(event.target.value)}
        >
          {CARRIERS.map((name) => (
            <option key={name} value={name}>
              {name === 'other' ? t('Other carrier') : name}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-tracking`}>{t('Tracking number (optional)')}</label>
        <input
          id={`${id}-tracking`}
          value={trackingNumber}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-block" disabled={shipOrder.isPending}>
        {shipOrder.isPending ? t('Saving...') : order.shipment ? t('Update shipment') : t('Mark as shipped')}
      </button>
    </form>
  );
}
