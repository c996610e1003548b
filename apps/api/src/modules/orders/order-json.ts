/** Shapes order rows into the order JSON of spec section 3 (SEK numbers, `_id`, ISO dates). */
import type { Order, OrderItem, PaymentResult, Shipment } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { isPaymentMethod } from '@torget/shared/rules/orders';
import { trackingUrl } from '@torget/shared/rules/shipping';
import { totalVatOre, vatByRate } from '@torget/shared/rules/vat';
import { z } from 'zod';
import type { orderItems, orders } from '#api/db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A line as the answers read it: with its product's short number, null once the product is gone. */
export type OrderLine = OrderItemRow & { productNumber?: number | null };

/** Written only by the PayPal verification; parsed on the way out so the type is earned. */
const paymentResultSchema = z.object({
  id: z.string(),
  status: z.string(),
  update_time: z.string(),
  email_address: z.string(),
});

function toItemJson(item: OrderLine): OrderItem {
  return {
    qty: item.qty,
    price: oreToSek(item.priceOre),
    shipping_price: oreToSek(item.shippingPriceOre),
    image: item.image,
    name: item.name,
    product: item.productId,
    vatRate: item.vatRate,
    productNumber: item.productId ? (item.productNumber ?? null) : null,
    // Only a variant's line has these: a product without variants answers as before.
    ...(item.variantName === null ? {} : { variant: item.variantId, variantName: item.variantName }),
  };
}

/**
 * Lines by name, then id. Order lines keep no position, and the same order must read the same
 * way every time; a code-point comparison gives one order on every server, whatever its locale.
 */
export function sortItems<L extends OrderItemRow>(items: readonly L[]): L[] {
  const key = (item: L) => `${item.name}\u0000${item.id}`;
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function paymentResultOf(order: OrderRow): PaymentResult | undefined {
  const parsed = paymentResultSchema.safeParse(order.paymentResult);
  return parsed.success ? parsed.data : undefined;
}

/** How the order was sent, with the carrier's tracking page; null before it is shipped. */
export function shipmentOf(order: OrderRow): Shipment | null {
  if (!order.shippingCarrier || !order.shippedAt) return null;
  return {
    carrier: order.shippingCarrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.shippingCarrier, order.trackingNumber),
    shippedAt: order.shippedAt.toISOString(),
  };
}

/**
 * The order as its buyer, its seller and admins read it. `user` is the buyer's id; the order
 * lists of admins and sellers pass `withBuyerName` to get `{ _id, name }` with the name as ordered.
 */
export function toOrderJson(order: OrderRow, items: readonly OrderLine[], withBuyerName = false): Order {
  if (!isPaymentMethod(order.paymentMethod)) throw new Error(`order ${order.id}: unknown payment method`);
  const paymentResult = paymentResultOf(order);
  const vat = vatByRate(items);
  return {
    _id: order.id,
    orderNumber: formatOrderNumber(order.number),
    orderItems: sortItems(items).map(toItemJson),
    shippingAddress: {
      fullName: order.shippingFullName,
      address: order.shippingAddress,
      city: order.shippingCity,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
    },
    paymentMethod: order.paymentMethod,
    itemsPrice: oreToSek(order.itemsPriceOre),
    shippingPrice: oreToSek(order.shippingPriceOre),
    taxPrice: oreToSek(order.taxPriceOre),
    totalPrice: oreToSek(order.totalPriceOre),
    vatIncluded: oreToSek(totalVatOre(vat)),
    vatByRate: vat.map(({ rate, vatOre }) => ({ rate, amount: oreToSek(vatOre) })),
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    user: withBuyerName ? { _id: order.userId, name: order.buyerName } : order.userId,
    seller: { _id: order.sellerId, seller: { name: order.sellerName, swish_number: order.sellerSwishNumber } },
    ...(order.isPaid && paymentResult ? { paymentResult } : {}),
    createdAt: order.createdAt.toISOString(),
    isCancelled: order.cancelledAt !== null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason === 'expired' || order.cancelReason === 'cancelled' ? order.cancelReason : null,
    shipment: shipmentOf(order),
    // The reader's count is filled in by GET /api/orders/{id} and the lists (order-unread.ts).
    unreadMessages: 0,
    // A paid order's refunds are filled in by orderJson and the lists (modules/refunds/refund-reads.ts).
    refunds: [],
    refundedPrice: 0,
    // An order's withdrawals are filled in by orderJson and the lists (modules/withdrawals/withdrawal-reads.ts).
    withdrawals: [],
  };
}
