/** PayPal payments that paid nothing, and the admin's list of captures. */
import { z } from 'zod';

export const unusedCaptureReasonSchema = z
  .enum(['duplicate', 'cancelled', 'expired', 'wrong_amount'])
  .meta({ id: 'UnusedCaptureReason', description: 'Why a PayPal capture paid nothing.' });

export const paymentRefundSchema = z
  .strictObject({
    amount: z.number().describe('What PayPal took, in `currency` (SEK unless the payment was wrong).'),
    currency: z.string(),
    reason: unusedCaptureReasonSchema,
    state: z.enum(['due', 'sent']).describe("'due': being refunded; 'sent': PayPal accepted the refund."),
    receivedAt: z.string(),
    refundedAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentRefund', description: 'A PayPal payment that paid nothing, as its order shows it.' });

export const paypalCaptureRecordSchema = z
  .strictObject({
    captureId: z.string(),
    paypalOrderId: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    amount: z.number(),
    currency: z.string(),
    outcome: z.union([z.literal('paid'), unusedCaptureReasonSchema]),
    refundState: z
      .enum(['none', 'due', 'sent'])
      .describe("'none': it paid its order; 'due': still to refund; 'sent': PayPal accepted the refund."),
    paypalRefundId: z.string().nullable(),
    paypalRefundStatus: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
  })
  .meta({
    id: 'PaypalCaptureRecord',
    description: "A PayPal capture as the admin's list shows it (GET /api/payments/captures).",
  });

export const paypalPaymentStartSchema = z
  .strictObject({
    id: z.string().describe("The PayPal order's id, which the buyer's PayPal button approves."),
  })
  .meta({
    id: 'PaypalPaymentStart',
    description:
      'POST /api/orders/{id}/paypal: the PayPal order made for an order that can still be paid; once approved, PUT /api/orders/{id}/pay with this id pays it.',
  });

export const paypalCapturePageSchema = z.array(paypalCaptureRecordSchema).meta({
  id: 'PaypalCapturePage',
  description:
    'A page of PayPal captures, newest first, 50 a page (GET /api/payments/captures); the paging is in the headers, X-Total-Count and Link.',
});
