import type { Shipment } from '@torget/shared/api-types.generated';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

/** How the order was sent, as its buyer and seller read it: carrier, number, the tracking link. */
export function ShipmentInfo({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="shipment-info">
      <p className="status-box status-done">
        <span>{t('Shipped on {{date}}', { date: format.date(shipment.shippedAt) })}</span>
      </p>
      <dl className="form-summary">
        <dt>{t('Carrier')}</dt>
        <dd>{shipment.carrier === 'other' ? t('Other carrier') : shipment.carrier}</dd>
        {shipment.trackingNumber && (
          <>
            <dt>{t('Tracking number')}</dt>
            <dd>
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipment.trackingNumber}
                </a>
              ) : (
                shipment.trackingNumber
              )}
            </dd>
          </>
        )}
      </dl>
      {shipment.trackingUrl && (
        <p>
          <a className="button button-secondary" href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {t('Track the parcel at {{carrier}}', { carrier: shipment.carrier })}
          </a>
        </p>
      )}
    </div>
  );
}
