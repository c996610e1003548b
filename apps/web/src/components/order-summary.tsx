import type { OrderVat } from '@torget/shared/api-types.generated';
import type { ReactNode } from 'react';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './order-layout.css';

export interface OrderSummaryAmounts {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /** The moms included in the total, per rate (prices include moms; `taxPrice` is what is added). */
  vatByRate?: OrderVat[];
}

/** The 'Order Summary' card (spec section 9 amounts, SEK with two decimals) with the page's actions below. */
export function OrderSummary({ amounts, children }: { amounts: OrderSummaryAmounts; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="card order-card order-summary" aria-labelledby="order-summary-heading">
      <h2 className="order-card-title" id="order-summary-heading">
        {t('Order Summary')}
      </h2>
      <dl className="summary-rows">
        <div>
          <dt>{t('Items')}</dt>
          <dd>{format.price(amounts.itemsPrice)}</dd>
        </div>
        <div>
          <dt>{t('Shipping')}</dt>
          <dd>{format.price(amounts.shippingPrice)}</dd>
        </div>
        <div>
          <dt>{t('Tax')}</dt>
          <dd>{format.price(amounts.taxPrice)}</dd>
        </div>
        <div className="summary-total">
          <dt>{t('Order Total')}</dt>
          <dd>{format.price(amounts.totalPrice)}</dd>
        </div>
        {amounts.vatByRate?.map(({ rate, amount }) => (
          <div key={rate} className="summary-vat">
            <dt>{t('of which VAT {{rate}}%', { rate })}</dt>
            <dd>{format.price(amount)}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
