/**
 * Who an order's mails go to, in which language, and to which site their links lead: read when a
 * mail is sent, so a buyer's or seller's changed e-mail and a shop's changed domain are followed.
 */
import { type Language, parseLanguage } from '@torget/shared/rules/languages';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { orders, sellers, users } from '#api/db/schema.ts';

export interface OrderParties {
  orderId: string;
  orderNumber: string;
  buyer: { id: string; name: string; email: string; language: Language };
  /** `language` is null until the seller has acted on the order: their mails are then in both. */
  seller: { id: string; shopName: string; email: string; language: Language | null };
  /** The shop's domain, when the order was placed there and the shop still has it. */
  shopDomain: string | null;
}

const buyers = alias(users, 'buyer');
const sellerUsers = alias(users, 'seller_user');

export async function orderParties(db: Db, orderId: string): Promise<OrderParties | undefined> {
  const [row] = await orderPartiesStatementOf(db).execute({ orderId });
  if (!row) return undefined;
  return {
    orderId,
    orderNumber: formatOrderNumber(row.number),
    buyer: {
      id: row.buyerId,
      name: row.buyerName,
      email: row.buyerEmail,
      language: parseLanguage(row.buyerLanguage) ?? 'en',
    },
    seller: {
      id: row.sellerId,
      shopName: row.shopName,
      email: row.sellerEmail,
      language: parseLanguage(row.sellerLanguage),
    },
    shopDomain: row.placedOnShopDomain && row.domain ? row.domain : null,
  };
}

/** The parties' read: prepared once, as every order mail makes it. */
const orderPartiesStatementOf = preparedOnce((db: Db) =>
  db
    .select({
      number: orders.number,
      buyerId: orders.userId,
      buyerName: buyers.name,
      buyerEmail: buyers.email,
      buyerLanguage: orders.buyerLanguage,
      sellerId: orders.sellerId,
      shopName: orders.sellerName,
      sellerEmail: sellerUsers.email,
      sellerLanguage: orders.sellerLanguage,
      placedOnShopDomain: orders.placedOnShopDomain,
      domain: sellers.domain,
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.userId))
    .innerJoin(sellerUsers, eq(sellerUsers.id, orders.sellerId))
    .leftJoin(sellers, eq(sellers.userId, orders.sellerId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_parties'),
);
