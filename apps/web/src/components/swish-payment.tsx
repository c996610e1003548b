import { sekToOre } from '@torget/shared/rules/money';
import { swishQrPayload } from '@torget/shared/rules/orders';
import { useEffect, useState } from 'react';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './swish-payment.css';

interface SwishPaymentProps {
  swishNumber: string;
  amount: number;
  /** The order number (`T-100001`): the payment's message, so the seller can match it. */
  orderNumber: string;
  /** The heading and the hint under the code, when not an order's (texts are translation keys). */
  heading?: string;
  hint?: string;
}

/**
 * How to pay by Swish (DESIGN.md: Swish), an order or what a seller owes the marketplace: the
 * payee's number, the amount and a QR code in Swish's prefilled format for exactly that amount,
 * with the order number (or the request's reference) as message. On a phone the "Öppna Swish"
 * link at the top of an order's page (swish-open-app.tsx) asks for the same.
 */
export function SwishPayment({
  swishNumber,
  amount,
  orderNumber,
  heading = 'Pay with Swish',
  hint = 'Scan the QR code with the Swish app on your phone. The seller marks the order paid when the money is in.',
}: SwishPaymentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const payload = swishQrPayload(swishNumber, sekToOre(amount), orderNumber);
  const [qr, setQr] = useState<{ payload: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // The QR library loads with the first Swish order shown, not before.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 240 }))
      .then(
        (src) => {
          if (!cancelled) setQr({ payload, src });
        },
        (error: unknown) => {
          console.error('Swish QR code could not be drawn', error);
          if (!cancelled) setFailed(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [payload]);

  return (
    <section className="swish-payment" aria-labelledby="swish-heading">
      <h3 id="swish-heading">{t(heading)}</h3>
      <dl className="summary-rows">
        <div>
          <dt>{t('Swish number')}</dt>
          <dd className="swish-number">{swishNumber}</dd>
        </div>
        <div>
          <dt>{t('Amount')}</dt>
          <dd>{format.price(amount)}</dd>
        </div>
        <div>
          <dt>{t('Message')}</dt>
          <dd>{orderNumber}</dd>
        </div>
      </dl>
      {qr?.payload === payload ? (
        <img className="swish-qr" src={qr.src} alt={t('Swish QR code')} width={240} height={240} />
      ) : (
        !failed && <div className="swish-qr swish-qr-placeholder" aria-hidden="true" />
      )}
      <p className="form-hint">{t(hint)}</p>
    </section>
  );
}
