/** What follows a sale: refunds, withdrawals, shipments and the order's messages. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../rules/orders';
import { WITHDRAWAL_STATES } from '../../rules/withdrawals';

export const orderRefundSchema = z
  .strictObject({
    _id: z.string(),
    amount: z.number().describe('SEK, two decimals.'),
    lines: z
      .array(z.strictObject({ product: z.string().nullable(), name: z.string(), qty: z.number().int() }))
      .describe('The lines it refunds, when the seller named them; the amount is what counts.'),
    note: z.string().nullable(),
    method: z.enum(PAYMENT_METHODS),
    refundedAt: z
      .string()
      .describe('PayPal: when PayPal took the refund; Swish: the day the seller says they refunded.'),
    status: z.enum(['completed', 'pending']).describe("'pending': PayPal accepted the refund and completes it later."),
  })
  .meta({ id: 'OrderRefund', description: 'A refund of an order (POST /api/orders/{id}/refunds).' });

export const orderWithdrawalSchema = z
  .strictObject({
    _id: z.string(),
    lines: z
      .array(
        z.strictObject({ product: z.string().nullable(), name: z.string(), qty: z.number().int(), price: z.number() }),
      )
      .describe(
        'The withdrawn products (null once deleted), their names as ordered, quantities and unit prices (SEK).',
      ),
    reason: z.string().nullable(),
    state: z.enum(WITHDRAWAL_STATES),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    refundAmount: z.number().nullable().describe('SEK refunded when accepted (0: nothing); null until accepted.'),
    suggestedRefundAmount: z
      .number()
      .describe("SEK the seller is offered to refund: the lines' price, plus the shipping for a whole withdrawal."),
    restocked: z.boolean(),
    goodsReturned: z.boolean().nullable().describe('Whether the goods came back; null until accepted.'),
  })
  .meta({
    id: 'OrderWithdrawal',
    description: "A buyer's withdrawal from an order (POST /api/orders/{id}/withdrawals), and its decision.",
  });

export const withdrawalListEntrySchema = orderWithdrawalSchema
  .extend({
    order: z.strictObject({
      _id: z.string(),
      orderNumber: z.string(),
      buyerName: z.string(),
      sellerName: z.string(),
      totalPrice: z.number(),
    }),
  })
  .meta({
    id: 'WithdrawalListEntry',
    description: "A withdrawal in the seller's returns list and the admins' list (GET /api/orders/withdrawals).",
  });

export const shipmentSchema = z
  .strictObject({
    carrier: z.string().describe('One of CARRIERS (rules/shipping.ts).'),
    trackingNumber: z.string().nullable(),
    trackingUrl: z
      .string()
      .nullable()
      .describe("The carrier's public tracking page; null for 'other' or without a number."),
    shippedAt: z.string(),
  })
  .meta({
    id: 'Shipment',
    description: "An order as shipped: the carrier, the tracking number and the carrier's tracking page.",
  });

export const orderMessageSchema = z
  .strictObject({
    _id: z.string(),
    author: z
      .strictObject({ _id: z.string(), name: z.string(), role: z.enum(['buyer', 'seller', 'admin']) })
      .describe('Who wrote it, as the order knows them.'),
    text: z.string(),
    createdAt: z.string(),
  })
  .meta({
    id: 'OrderMessage',
    description: "One message on an order's thread, oldest first in GET /api/orders/{id}/messages.",
  });

export const withdrawalPageSchema = z.array(withdrawalListEntrySchema).meta({
  id: 'WithdrawalPage',
  description:
    'A page of withdrawals, 50 a page (GET /api/orders/withdrawals): newest first, or oldest first with `overdue`; the paging is in the headers, X-Total-Count and Link.',
});
