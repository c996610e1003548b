/** Orders and the seller's sales overview. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../rules/orders';
import { orderRefundSchema, orderWithdrawalSchema, shipmentSchema } from './after-sale';
import { paymentRefundSchema } from './payments';

export const orderItemSchema = z
  .strictObject({
    qty: z.number().int(),
    price: z.number(),
    shipping_price: z.number(),
    image: z.string(),
    name: z.string(),
    product: z.string().nullable(),
    productNumber: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "Added beyond the spec: the product's short number (`#1001`) people quote instead of its id; null once the product is deleted.",
      ),
    vatRate: z
      .number()
      .optional()
      .describe("Added beyond the spec: the moms rate in percent the line's price included when bought."),
    variant: z
      .string()
      .nullable()
      .optional()
      .describe(
        "Added beyond the spec, for a line of a product with variants: the variant's id (null once it is deleted).",
      ),
    variantName: z
      .string()
      .optional()
      .describe(
        'Added beyond the spec: the variant\'s name ("M, Blå"); `name` is then the line\'s whole name ("Linneklänning – M, Blå").',
      ),
  })
  .meta({
    id: 'OrderItem',
    description: 'An order line: a snapshot of what was bought. `product` is null once the product is deleted.',
  });

export const orderVatSchema = z
  .strictObject({
    rate: z.number(),
    amount: z.number(),
  })
  .meta({
    id: 'OrderVat',
    description: 'Added beyond the spec: the moms one rate comes to on an order (rules/vat.ts), in SEK.',
  });

export const shippingAddressSchema = z
  .strictObject({
    fullName: z.string(),
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ShippingAddress', description: 'The shipping address as the cart and orders carry it.' });

export const paymentResultSchema = z
  .strictObject({
    id: z.string(),
    status: z.string(),
    update_time: z.string(),
    email_address: z.string(),
  })
  .meta({
    id: 'PaymentResult',
    description: 'What the server verified with PayPal when it marked a PayPal order paid.',
  });

export const orderSellerRefSchema = z
  .strictObject({
    _id: z.string(),
    seller: z.strictObject({ name: z.string(), swish_number: z.string() }),
  })
  .meta({
    id: 'OrderSellerRef',
    description: "An order's seller: the seller's user id, the shop name and Swish number as ordered.",
  });

export const orderSchema = z
  .strictObject({
    _id: z.string(),
    orderNumber: z
      .string()
      .describe('Added beyond the spec: the number people read and quote, `T-100001` (rules/order-number.ts).'),
    orderItems: z.array(orderItemSchema),
    shippingAddress: shippingAddressSchema,
    paymentMethod: z.enum(PAYMENT_METHODS),
    itemsPrice: z.number(),
    shippingPrice: z.number(),
    taxPrice: z.number(),
    totalPrice: z.number(),
    vatIncluded: z
      .number()
      .optional()
      .describe(
        "Added: the moms included in `totalPrice` (prices include moms, so `taxPrice` stays 0). Always in the API's order answers.",
      ),
    sellerIsPrivate: z
      .boolean()
      .optional()
      .describe(
        "Added: sold by a private person (the seller's type), so the consumer right of withdrawal does not apply; in GET /api/orders/{id} and the answers of actions on the order.",
      ),
    vatByRate: z
      .array(orderVatSchema)
      .optional()
      .describe("Added: the moms included per rate, highest rate first. Always in the API's order answers."),
    isPaid: z.boolean(),
    paidAt: z.string().nullable(),
    isDelivered: z.boolean(),
    deliveredAt: z.string().nullable(),
    user: z
      .union([z.string(), z.strictObject({ _id: z.string(), name: z.string() })])
      .describe(
        "The buyer's id; in the admin and seller order lists `{ _id, name }` with the buyer's name as ordered.",
      ),
    seller: orderSellerRefSchema,
    paymentResult: paymentResultSchema.optional(),
    createdAt: z.string(),
    isCancelled: z
      .boolean()
      .describe(
        "An unpaid PayPal order that was cancelled: by its seller or an admin ('cancelled'), or because it was not paid in time ('expired'). Its stock was given back.",
      ),
    cancelledAt: z.string().nullable(),
    cancelReason: z.enum(['expired', 'cancelled']).nullable(),
    paymentRefunds: z
      .array(paymentRefundSchema)
      .optional()
      .describe(
        'Added: PayPal payments received for this order that paid nothing and are refunded. Only in GET /api/orders/{id}, and only when there is one.',
      ),
    shipment: shipmentSchema
      .nullable()
      .optional()
      .describe("Added: how the seller sent the order, or null before it is shipped. Always in the order's answers."),
    unreadMessages: z
      .number()
      .int()
      .optional()
      .describe(
        "Added: messages on the order's thread the reader has not read yet, in GET /api/orders/{id} and the lists; 0 in the answers of actions on the order.",
      ),
    refunds: z
      .array(orderRefundSchema)
      .optional()
      .describe(
        'Added: the refunds of the order, oldest first (PayPal through PayPal, Swish recorded by the seller); [] when none.',
      ),
    refundedPrice: z.number().optional().describe('Added: the sum of `refunds` in SEK (0 when none).'),
    withdrawals: z
      .array(orderWithdrawalSchema)
      .optional()
      .describe("Added: the buyer's withdrawals from the order, oldest first; [] when none."),
  })
  .meta({
    id: 'Order',
    description:
      "An order (spec section 3). `user` is the buyer's id, or `{ _id, name }` in the admin and seller order lists; `paymentResult` is present once PayPal paid.",
  });

export const salesOverviewBucketSchema = z
  .strictObject({
    start: z.string().describe("The day, or the Monday of the week, 'YYYY-MM-DD' in Swedish time."),
    orders: z.number().int(),
    revenue: z.number(),
  })
  .meta({
    id: 'SalesOverviewBucket',
    description: "A day's or a week's sales in the seller's overview: orders placed and not cancelled, SEK.",
  });

export const lowStockProductSchema = z
  .strictObject({
    _id: z.string(),
    number: z.number().int().describe('The short product number (1001, …).'),
    name: z.string(),
    countInStock: z.number().int(),
  })
  .meta({ id: 'LowStockProduct', description: "A product of the seller's with little stock left." });

const ordersAndRevenue = () => z.strictObject({ orders: z.number().int(), revenue: z.number() });

export const sellerOverviewSchema = z
  .strictObject({
    today: z.string().describe("Today in Sweden, 'YYYY-MM-DD'."),
    last30Days: ordersAndRevenue(),
    thisYear: ordersAndRevenue(),
    daily: z.array(salesOverviewBucketSchema).describe('The last 30 days, oldest first, one bucket a day.'),
    weekly: z
      .array(salesOverviewBucketSchema)
      .describe("This year's weeks, oldest first, one bucket a week (by its Monday)."),
    awaitingPayment: z
      .number()
      .int()
      .describe('Swish orders not paid yet and not cancelled: the seller confirms the payment.'),
    toDeliver: z.number().int().describe('Paid orders not delivered yet.'),
    lowStock: z
      .array(lowStockProductSchema)
      .describe("The shop's products (not drafts) with at most LOW_STOCK_LIMIT in stock, lowest first."),
  })
  .meta({
    id: 'SellerOverview',
    description:
      'GET /api/orders/seller/overview (seller, own shop). Revenue counts orders placed and not cancelled, paid or not; days are Swedish calendar days.',
  });

export const orderPlacedSchema = z
  .strictObject({
    message: z.string().describe("'New Order Created'."),
    order: orderSchema,
  })
  .meta({
    id: 'OrderPlaced',
    description: 'POST /api/orders (201): the order placed, unpaid and undelivered, with a notice.',
  });

export const orderCancelledSchema = z
  .strictObject({
    message: z.string().describe("'Order was cancelled.'"),
    order: orderSchema,
  })
  .meta({
    id: 'OrderCancelled',
    description:
      'PUT /api/orders/{id}/cancel: the unpaid PayPal order as cancelled (its stock given back), with a notice.',
  });

export const orderDeletedSchema = z
  .strictObject({
    message: z.string().describe("'Order was deleted.'"),
  })
  .meta({ id: 'OrderDeleted', description: 'DELETE /api/orders/{id}: the notice that the order was deleted.' });

// The answers of the actions after a sale: here beside the order's schema, which after-sale.ts's
// schemas are part of (after-sale.ts importing this file back would make a cycle).

export const orderShippedSchema = z
  .strictObject({
    message: z.string().describe("'Order was shipped.'"),
    order: orderSchema,
  })
  .meta({ id: 'OrderShipped', description: 'PUT /api/orders/{id}/ship: the order with its shipment, and a notice.' });

export const orderRefundedSchema = z
  .strictObject({
    message: z.string().describe("'Order was refunded.'"),
    order: orderSchema,
    refund: orderRefundSchema.describe('The refund just made; it is also the last of `order.refunds`.'),
  })
  .meta({
    id: 'OrderRefunded',
    description: 'POST /api/orders/{id}/refunds (201): the refunded order and its new refund.',
  });

export const withdrawalReceivedSchema = z
  .strictObject({
    message: z.string().describe("'Your withdrawal was received.'"),
    order: orderSchema,
    withdrawal: orderWithdrawalSchema.describe('The withdrawal just made; it is also in `order.withdrawals`.'),
  })
  .meta({
    id: 'WithdrawalReceived',
    description: "POST /api/orders/{id}/withdrawals (201): the buyer's withdrawal and its order.",
  });

export const withdrawalDecidedSchema = z
  .strictObject({
    message: z.string().describe("'The withdrawal was decided.'"),
    order: orderSchema,
    withdrawal: orderWithdrawalSchema.describe('The withdrawal as decided; it is also in `order.withdrawals`.'),
  })
  .meta({
    id: 'WithdrawalDecided',
    description: 'PUT /api/orders/{id}/withdrawals/{wid}: the withdrawal accepted or rejected, and its order.',
  });

export const orderPageSchema = z.array(orderSchema).meta({
  id: 'OrderPage',
  description:
    'A page of orders, newest first, 50 a page (GET /api/orders/mine, GET /api/orders): the JSON array the spec names; the paging is in the headers, X-Total-Count (all matching) and Link (first, prev, next, last).',
});
