import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { defaultPaymentMethod, NO_PAYMENT_METHODS, paymentMethodsFor } from '@torget/shared/rules/orders';
import { type PaymentChoiceInput, paymentChoiceSchema } from '@torget/shared/schemas/orders';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { publicSellerQueryOptions } from '#web/api/get-seller.ts';
import { FieldError } from '#web/components/field-error.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useCartItems } from '#web/hooks/use-cart-items.ts';
import { useShippingAddress } from '#web/hooks/use-checkout-state.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useStepSubmit } from '#web/hooks/use-step-submit.ts';
import { savePaymentMethod } from '#web/lib/cart-storage.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { CheckoutSteps } from '../components/checkout-steps';
import '../checkout.css';

/**
 * /payment (spec section 2, Checkout): the methods the seller of the cart offers. Without a
 * shipping address the step goes back to /shipping (spec section 4).
 */
export function PaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Payment Method'));
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
        <h1 id="payment-heading">{t('Payment Method')}</h1>
        {sellerId === '' ? (
          <MessageBox>
            {t('Cart is empty.')} <Link to="/">{t('Go shopping')}</Link>
          </MessageBox>
        ) : seller.isPending ? (
          <LoadingBox />
        ) : seller.isError ? (
          <MessageBox variant="danger">{t(seller.error.message)}</MessageBox>
        ) : (
          <PaymentForm key={seller.data._id} seller={seller.data} />
        )}
      </div>
    </section>
  );
}

function PaymentForm({ seller }: { seller: PublicSeller }) {
  const { t } = useTranslation();
  const methods = paymentMethodsFor(seller.seller);
  const step = useStepSubmit();
  // Spec section 4: Swish when the seller has a Swish number, otherwise PayPal.
  const defaultMethod = defaultPaymentMethod(seller.seller);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentChoiceInput>({
    resolver: zodResolver(paymentChoiceSchema),
    defaultValues: { paymentMethod: defaultMethod ?? undefined },
  });

  const onValid = ({ paymentMethod }: PaymentChoiceInput) =>
    step.submit(async () => {
      savePaymentMethod(paymentMethod);
      return '/placeorder';
    });

  if (methods.length === 0) return <MessageBox>{t(NO_PAYMENT_METHODS)}</MessageBox>;

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <fieldset
        className="form-fieldset payment-methods"
        aria-invalid={errors.paymentMethod ? true : undefined}
        aria-describedby={errors.paymentMethod ? 'payment-method-error' : undefined}
      >
        <legend>{t('Pay {{shop}} with', { shop: seller.seller.name || seller.name })}</legend>
        {methods.map((option) => (
          <label key={option} className="form-check payment-method">
            <input type="radio" value={option} required {...register('paymentMethod')} />
            {option}
          </label>
        ))}
        <FieldError id="payment-method-error" message={errors.paymentMethod?.message} />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={step.busy}>
          {t('Continue')}
        </button>
      </div>
    </form>
  );
}
