/**
 * The PayPal button of an unpaid PayPal order (spec section 4, DESIGN.md: PayPal). Loaded only
 * when such an order is shown: the SDK wrapper stays out of every other chunk.
 */

import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { Order } from '@torget/shared/api-types.generated';
import { useState } from 'react';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useCreatePaypalOrder } from '../api/create-paypal-order';
import { usePaypalClientId } from '../api/get-paypal-client-id';
import { type PaypalPaymentResult, usePayOrder } from '../api/pay-order';
import '../orders.css';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return 'The PayPal payment failed. Please try again.';
}

export function PaypalPayment({ order }: { order: Order }) {
  const { t } = useTranslation();
  const clientId = usePaypalClientId();
  if (clientId.isPending) return <LoadingBox />;
  if (clientId.isError) return <MessageBox variant="danger">{t(clientId.error.message)}</MessageBox>;
  if (clientId.data === '') {
    return <MessageBox variant="danger">{t('PayPal is not configured on this server.')}</MessageBox>;
  }
  return (
    <PayPalScriptProvider options={{ clientId: clientId.data, currency: 'SEK', intent: 'capture' }}>
      <PaypalButtonsArea order={order} />
    </PayPalScriptProvider>
  );
}

function PaypalButtonsArea({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const createPaypalOrder = useCreatePaypalOrder();
  const payOrder = usePayOrder();
  const [error, setError] = useState<string | null>(null);

  if (isRejected) {
    return (
      <MessageBox variant="danger">{t('The PayPal script could not be loaded. Please reload the page.')}</MessageBox>
    );
  }

  return (
    <div className="paypal-payment">
      {error && <MessageBox variant="danger">{t(error)}</MessageBox>}
      {isPending && <LoadingBox />}
      {payOrder.isPending && <LoadingBox delayMs={0} label={t('Confirming the payment...')} />}
      <PayPalButtons
        style={{ layout: 'vertical' }}
        forceReRender={[order._id, order.totalPrice]}
        // Our server creates the PayPal order from the stored total; PayPal gets only its id.
        createOrder={async () => {
          setError(null);
          try {
            const { id } = await createPaypalOrder.mutateAsync(order._id);
            return id;
          } catch (failure) {
            setError(messageOf(failure));
            throw failure;
          }
        }}
        onApprove={async (_data, actions) => {
          try {
            if (!actions.order) throw new Error('PayPal did not offer to capture the payment.');
            const details = await actions.order.capture();
            // The server checks the capture with PayPal before it marks the order paid.
            await payOrder.mutateAsync({ id: order._id, paymentResult: details as PaypalPaymentResult });
          } catch (failure) {
            setError(messageOf(failure));
          }
        }}
        onError={(failure) => setError((current) => current ?? messageOf(failure))}
      />
    </div>
  );
}
