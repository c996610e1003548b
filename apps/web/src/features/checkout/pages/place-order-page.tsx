import { oreToSek, sekToOre } from '@torget/shared/rules/money';
import { cartTotals } from '@torget/shared/rules/orders';
import { DEFAULT_VAT_RATE, vatByRate } from '@torget/shared/rules/vat';
import { Link, Navigate } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { OrderItems } from '#web/components/order-items.tsx';
import { OrderSummary } from '#web/components/order-summary.tsx';
import { useCartItems } from '#web/hooks/use-cart-items.ts';
import { usePaymentMethod, useShippingAddress } from '#web/hooks/use-checkout-state.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useStepSubmit } from '#web/hooks/use-step-submit.ts';
import { emptyCart } from '#web/lib/cart-storage.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useCreateOrder } from '../api/create-order';
import { CheckoutSteps } from '../components/checkout-steps';

/**
 * /placeorder (spec section 2, Checkout): the cart, address and method to review, and Place
 * Order. Without a payment method the step goes back to /payment (spec section 4). The amounts
 * shown are the cart's; the server prices the order itself from the database.
 */
export function PlaceOrderPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Place Order'));
  const step = useStepSubmit();
  const items = useCartItems();
  const shippingAddress = useShippingAddress();
  const paymentMethod = usePaymentMethod();
  const createOrder = useCreateOrder();

  if (!paymentMethod) return <Navigate to="/payment" replace />;
  if (!shippingAddress) return <Navigate to="/shipping" replace />;

  const lines = items.map((item) => ({
    qty: item.qty,
    priceOre: sekToOre(item.price),
    shippingPriceOre: sekToOre(item.shipping_price),
    vatRate: item.vatRate ?? DEFAULT_VAT_RATE,
  }));
  const totals = cartTotals(lines);

  async function placeOrder() {
    if (!paymentMethod || !shippingAddress) return;
    const placed = await step.submit(async () => {
      const { order } = await createOrder.mutateAsync({ orderItems: items, shippingAddress, paymentMethod });
      return `/order/${order._id}`;
    });
    // Emptied once the order page is on its way, so this page never flashes "Cart is empty".
    if (placed) emptyCart();
  }

  return (
    <section className="page checkout-page" aria-labelledby="placeorder-heading">
      <CheckoutSteps reached={4} />
      <h1 id="placeorder-heading">{t('Place Order')}</h1>
      <div className="order-layout">
        <div className="order-main">
          <section className="card order-card" aria-labelledby="placeorder-shipping">
            <h2 className="order-card-title" id="placeorder-shipping">
              {t('Shipping')}
            </h2>
            <dl className="form-summary">
              <dt>{t('Name')}</dt>
              <dd>{shippingAddress.fullName}</dd>
              <dt>{t('Address')}</dt>
              <dd>
                {`${shippingAddress.address}, ${shippingAddress.postalCode} ${shippingAddress.city}, ${shippingAddress.country}`}
              </dd>
            </dl>
            <Link to="/shipping">{t('Edit')}</Link>
          </section>
          <section className="card order-card" aria-labelledby="placeorder-payment">
            <h2 className="order-card-title" id="placeorder-payment">
              {t('Payment')}
            </h2>
            <dl className="form-summary">
              <dt>{t('Method')}</dt>
              <dd>{paymentMethod}</dd>
            </dl>
            <Link to="/payment">{t('Edit')}</Link>
          </section>
          {items.length === 0 ? (
            <MessageBox>
              {t('Cart is empty.')} <Link to="/">{t('Go shopping')}</Link>
            </MessageBox>
          ) : (
            <OrderItems items={items} />
          )}
        </div>
        <OrderSummary
          amounts={{
            itemsPrice: oreToSek(totals.itemsOre),
            shippingPrice: oreToSek(totals.shippingOre),
            taxPrice: oreToSek(totals.taxOre),
            totalPrice: oreToSek(totals.totalOre),
            vatByRate: vatByRate(lines).map(({ rate, vatOre }) => ({ rate, amount: oreToSek(vatOre) })),
          }}
        >
          {createOrder.isError && <MessageBox variant="danger">{t(createOrder.error.message)}</MessageBox>}
          <button
            type="button"
            className="button button-accent button-block"
            disabled={items.length === 0 || step.busy}
            onClick={() => void placeOrder()}
          >
            {step.busy ? t('Placing order...') : t('Place Order')}
          </button>
        </OrderSummary>
      </div>
    </section>
  );
}
