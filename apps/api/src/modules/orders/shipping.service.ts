/**
 * Shipping an order (PUT /api/orders/{id}/ship): its seller (while a seller) or an admin records
 * the carrier and the tracking number. Shipping again corrects them; the first date stays.
 */
import type { Order } from '@torget/shared/api-types.generated';
import {
  isSellerOf,
  managesAsSeller,
  orderShippingRefusal,
  SELLER_STATUS_REVOKED,
} from '@torget/shared/policies/orders';
import type { Language } from '@torget/shared/rules/languages';
import type { ShipOrderInput } from '@torget/shared/schemas/after-sale';
import { eq, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { orders } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-errors.ts';
import { ORDER_NOT_FOUND, orderFacts, orderJson, visibleOrder } from './orders.service';

export const ONLY_SELLER_SHIPS = 'Only the seller of this order can ship it.';

export interface ShippedOrder {
  order: Order;
  /** True the first time the order is shipped: the buyer is told then, not at a correction. */
  firstShipment: boolean;
}

export async function shipOrder(
  db: Db,
  user: AuthUser,
  id: string,
  input: ShipOrderInput,
  language: Language,
): Promise<ShippedOrder> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, id, true);
    const facts = orderFacts(order);
    if (!managesAsSeller(user, facts)) {
      throw forbidden(isSellerOf(user, facts) ? SELLER_STATUS_REVOKED : ONLY_SELLER_SHIPS);
    }
    const refusal = orderShippingRefusal(facts);
    if (refusal) throw conflict(refusal);
    const [updated] = await tx
      .update(orders)
      .set({
        shippingCarrier: input.carrier,
        trackingNumber: input.tracking_number || null,
        shippedAt: sql`coalesce(${orders.shippedAt}, now())`,
        ...(isSellerOf(user, facts) ? { sellerLanguage: language } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw notFound(ORDER_NOT_FOUND);
    return { order: await orderJson(tx, updated), firstShipment: order.shippedAt === null };
  });
}
