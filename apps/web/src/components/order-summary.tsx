import { formatSek } from '@torget/shared/rules/money';
import type { ReactNode } from 'react';
import './order-layout.css';

export interface OrderSummaryAmounts {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** The 'Order Summary' card (spec section 9 amounts, SEK with two decimals) with the page's actions below. */
export function OrderSummary({ amounts, children }: { amounts: OrderSummaryAmounts; children?: ReactNode }) {
  return (
    <section className="card order-card order-summary" aria-labelledby="order-summary-heading">
      <h2 className="order-card-title" id="order-summary-heading">
        Order Summary
      </h2>
      <dl className="summary-rows">
        <div>
          <dt>Items</dt>
          <dd>{formatSek(amounts.itemsPrice)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatSek(amounts.shippingPrice)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{formatSek(amounts.taxPrice)}</dd>
        </div>
        <div className="summary-total">
          <dt>Order Total</dt>
          <dd>{formatSek(amounts.totalPrice)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
