/**
 * The thread on an order (GET and POST /api/orders/{id}/messages): its buyer, its seller and
 * admins read and write; to anyone else the order does not exist (404). Reading the thread marks
 * it read for the reader, which the unread counts of the order lists follow (order-unread.ts).
 */
import type { OrderMessage } from '@torget/shared/api-types.generated';
import { canWriteOrderMessages, isBuyerOf, isSellerOf } from '@torget/shared/policies/orders';
import type { Language } from '@torget/shared/rules/languages';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { orderMessageReads, orderMessages, orders } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { ORDER_NOT_FOUND, orderFacts, visibleOrder } from './orders.service';

type MessageRow = typeof orderMessages.$inferSelect;
type AuthorRole = OrderMessage['author']['role'];

function toMessageJson(row: MessageRow): OrderMessage {
  const role: AuthorRole = row.authorRole === 'buyer' || row.authorRole === 'seller' ? row.authorRole : 'admin';
  return {
    _id: row.id,
    author: { _id: row.authorId, name: row.authorName, role },
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Marks the thread read up to now for the reader. */
async function markRead(db: Db, orderId: string, userId: string): Promise<void> {
  await db
    .insert(orderMessageReads)
    .values({ orderId, userId, readAt: sql`now()` })
    .onConflictDoUpdate({
      target: [orderMessageReads.orderId, orderMessageReads.userId],
      set: { readAt: sql`greatest(${orderMessageReads.readAt}, now())` },
    });
}

/** The thread, oldest first (newest last, as a conversation reads), marked read for the reader. */
export async function listOrderMessages(db: Db, user: AuthUser, orderId: string): Promise<OrderMessage[]> {
  const order = await visibleOrder(db, user, orderId);
  if (!canWriteOrderMessages(user, orderFacts(order))) throw notFound(ORDER_NOT_FOUND);
  const rows = await db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, order.id))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  await markRead(db, order.id, user.id);
  return rows.map(toMessageJson);
}

export interface PostedMessage {
  message: OrderMessage;
  /** Who wrote it on the order: the mail goes to the other party (to both when an admin writes). */
  role: AuthorRole;
}

/**
 * Writes a message on the thread. The author's language is kept on the order for the mails they
 * receive about it (the buyer's from their order, the seller's from their actions).
 */
export async function postOrderMessage(
  db: Db,
  user: AuthUser,
  orderId: string,
  text: string,
  language: Language,
): Promise<PostedMessage> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, orderId);
    const facts = orderFacts(order);
    if (!canWriteOrderMessages(user, facts)) throw notFound(ORDER_NOT_FOUND);
    // The buyer of their own order is the buyer, even when an admin; the seller likewise.
    const role: AuthorRole = isBuyerOf(user, facts) ? 'buyer' : isSellerOf(user, facts) ? 'seller' : 'admin';
    const [row] = await tx
      .insert(orderMessages)
      .values({ orderId: order.id, authorId: user.id, authorName: user.name, authorRole: role, text })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    if (role !== 'admin') {
      await tx
        .update(orders)
        .set(role === 'buyer' ? { buyerLanguage: language } : { sellerLanguage: language })
        .where(eq(orders.id, order.id));
    }
    await markRead(tx, order.id, user.id);
    return { message: toMessageJson(row), role };
  });
}
