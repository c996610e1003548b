import { useQuery } from '@tanstack/react-query';
import type { PublicSeller } from '@torget/shared/api-types';
import {
  defaultPaymentMethod,
  NO_PAYMENT_METHODS,
  type PaymentMethod,
  paymentMethodsFor,
} from '@torget/shared/rules/orders';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { publicSellerQueryOptions } from '#web/api/get-seller.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useCartItems } from '#web/hooks/use-cart-items.ts';
import { useShippingAddress } from '#web/hooks/use-checkout-state.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { savePaymentMethod } from '#web/lib/cart-storage.ts';
import { CheckoutSteps } from '../components/checkout-steps';
import '../checkout.css';

/**
 * /payment (spec section 2, Checkout): the methods the seller of the cart offers. Without a
 * shipping address the step goes back to /shipping (spec section 4).
 */
export function PaymentPage() {
  useDocumentTitle('Payment Method');
  const shippingAddress = useShippingAddress();
  const items = useCartItems();
  const sellerId = items[0]?.seller._id ?? '';
  // GET /api/users/{id} for the seller of the first cart item (spec section 7).
  const seller = useQuery({ ...publicSellerQueryOptions(sellerId), enabled: sellerId !== '' });

  if (!shippingAddress) return <Navigate to="/shipping" replace />;

  return (
    <section className="page form-page checkout-page" aria-labelledby="payment-heading">
      <div className="form-card">
        <CheckoutSteps reached={3} />
        <h1 id="payment-heading">Payment Method</h1>
        {sellerId === '' ? (
          <MessageBox>
            Cart is empty. <Link to="/">Go shopping</Link>
          </MessageBox>
        ) : seller.isPending ? (
          <LoadingBox />
        ) : seller.isError ? (
          <MessageBox variant="danger">{seller.error.message}</MessageBox>
        ) : (
          <PaymentForm key={seller.data._id} seller={seller.data} />
        )}
      </div>
    </section>
  );
}

function PaymentForm({ seller }: { seller: PublicSeller }) {
  const navigate = useNavigate();
  const methods = paymentMethodsFor(seller.seller);
  // Spec section 4: Swish when the seller has a Swish number, otherwise PayPal.
  const [method, setMethod] = useState<PaymentMethod | null>(defaultPaymentMethod(seller.seller));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!method) return;
    savePaymentMethod(method);
    navigate('/placeorder');
  }

  if (methods.length === 0) return <MessageBox>{NO_PAYMENT_METHODS}</MessageBox>;

  return (
    <form onSubmit={onSubmit}>
      <fieldset className="form-fieldset payment-methods">
        <legend>{`Pay ${seller.seller.name || seller.name} with`}</legend>
        {methods.map((option) => (
          <label key={option} className="form-check payment-method">
            <input
              type="radio"
              name="paymentMethod"
              value={option}
              checked={method === option}
              onChange={() => setMethod(option)}
              required
            />
            {option}
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!method}>
          Continue
        </button>
      </div>
    </form>
  );
}
