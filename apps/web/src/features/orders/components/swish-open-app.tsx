import { sekToOre } from '@torget/shared/rules/money';
import { swishAppLink } from '@torget/shared/rules/orders';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../orders.css';

interface SwishOpenAppProps {
  swishNumber: string;
  amount: number;
  orderNumber: string;
}

/**
 * At the top of an unpaid Swish order on a phone (a phone cannot scan its own screen): the amount
 * and "Open Swish" ("Öppna Swish"), which opens the Swish app with the seller's number, the exact amount and the
 * order number filled in. Wider screens hide it (orders.css) and pay with the QR code.
 */
export function SwishOpenApp({ swishNumber, amount, orderNumber }: SwishOpenAppProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const href = swishAppLink({ swishNumber, amountOre: sekToOre(amount), message: orderNumber });
  return (
    <section className="swish-open" aria-labelledby="swish-open-heading">
      <h2 id="swish-open-heading" className="swish-open-heading">
        {t('Swish on this phone')}
      </h2>
      <p className="swish-open-amount">{format.price(amount)}</p>
      <p className="swish-open-details">
        {t('To {{number}} · message', { number: swishNumber })}{' '}
        <span className="swish-open-message">{orderNumber}</span>
      </p>
      <a className="button button-accent button-block swish-open-button" href={href}>
        {t('Open Swish')}
      </a>
    </section>
  );
}
