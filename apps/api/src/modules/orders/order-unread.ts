/**
 * Unread messages on orders: the messages someone else wrote on the order's thread after the
 * reader last opened it (order_message_reads), counted per order for the order lists and pages.
 */
import { and, count, eq, gt, inArray, isNull, ne, or, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderMessageReads, orderMessages, orders } from '#api/db/schema.ts';

/**
 * How many messages `readerId` has not read on each order `orderIds` selects (a subquery, so a
 * page of any size binds no parameter per order); orders without any are left out.
 */
export async function unreadCounts(
  db: Db,
  readerId: string,
  orderIds: SQLWrapper | string[],
): Promise<Map<string, number>> {
  if (Array.isArray(orderIds) && orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderMessages.orderId, n: count() })
    .from(orderMessages)
    .leftJoin(
      orderMessageReads,
      and(eq(orderMessageReads.orderId, orderMessages.orderId), eq(orderMessageReads.userId, readerId)),
    )
    .where(
      and(
        inArray(orderMessages.orderId, orderIds),
        ne(orderMessages.authorId, readerId),
        or(isNull(orderMessageReads.readAt), gt(orderMessages.createdAt, orderMessageReads.readAt)),
      ),
    )
    .groupBy(orderMessages.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.n)]));
}

/**
 * How many messages `userId` has not read on all the orders they bought or sold, in one
 * statement: the header menu's badge. An admin's count is of their own orders too, not of every
 * thread they may read.
 */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderMessages)
    .innerJoin(orders, eq(orders.id, orderMessages.orderId))
    .leftJoin(
      orderMessageReads,
      and(eq(orderMessageReads.orderId, orderMessages.orderId), eq(orderMessageReads.userId, userId)),
    )
    .where(
      and(
        or(eq(orders.userId, userId), eq(orders.sellerId, userId)),
        ne(orderMessages.authorId, userId),
        or(isNull(orderMessageReads.readAt), gt(orderMessages.createdAt, orderMessageReads.readAt)),
      ),
    );
  return Number(row?.n ?? 0);
}
