/**
 * Reading and managing orders. An order is seen by its buyer, its seller and admins; to anyone
 * else it does not exist (404), so order ids cannot be probed.
 */
import type { Order } from '@torget/shared/api-types.generated';
import {
  canListIncomingOrders,
  canListOrdersOf,
  canSeeOrder,
  canUpdateOrderStatus,
  isBuyerOf,
  isSellerOf,
  managesAsSeller,
  type OrderFacts,
  orderDeletionRefusal,
  SELLER_STATUS_REVOKED,
} from '@torget/shared/policies/orders';
import { type OrderStateFilter, orderNumberInSearch } from '@torget/shared/rules/admin-lists';
import { DISPLAY_TIME_ZONE, formDateToDate } from '@torget/shared/rules/dates';
import type { Language } from '@torget/shared/rules/languages';
import { parseOrderNumber } from '@torget/shared/rules/order-number';
import { type IncomingOrderFilter, ORDER_RANGE_REVERSED, type OrderUpdateInput } from '@torget/shared/schemas/orders';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOnce, transaction } from '#api/db/client.ts';
import { orderItems, orderRefunds, orders, orderWithdrawals, products, sellers, users } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '#api/lib/http-errors.ts';
import type { Paged, PageRequest } from '#api/lib/paging.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { nextVersion } from '#api/modules/catalog/product-version.ts';
import { restockVariants } from '#api/modules/catalog/variants.service.ts';
import { bookOrderPaid, reverseOrderPaid } from '#api/modules/ledger/ledger-bookings.ts';
import { refundFields, refundsByOrder, refundsOf } from '#api/modules/refunds/refund-reads.ts';
import { isPrivateSellerType } from '#api/modules/sellers/seller-identity.service.ts';
import { accountMatches, textMatches, typedEmail } from '#api/modules/users/user-search.ts';
import { withdrawalsByOrder, withdrawalsField, withdrawalsOf } from '#api/modules/withdrawals/withdrawal-reads.ts';
import { type OrderLine, type OrderRow, toOrderJson } from './order-json';
import { unreadCounts } from './order-unread';

export const ORDER_NOT_FOUND = 'Order Not Found';
export const REFUNDED_STAYS_PAID = 'This order has refunds, so it cannot be marked unpaid.';

/** What the order policies (@torget/shared/policies/orders) need to know of a stored order. */
export function orderFacts(order: OrderRow): OrderFacts {
  return {
    buyerId: order.userId,
    sellerId: order.sellerId,
    paymentMethod: order.paymentMethod,
    isPaid: order.isPaid,
    isDelivered: order.isDelivered,
    isCancelled: order.cancelledAt !== null,
  };
}

/**
 * The order, if the user may see it. With `lock`, the row stays locked until the transaction
 * ends, so a delete and a status update of one order cannot interleave.
 */
export async function visibleOrder(db: Db, user: AuthUser, id: string, lock = false): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const [order] = lock
    ? await db.select().from(orders).where(eq(orders.id, id)).for('update')
    : await orderByIdStatementOf(db).execute({ id });
  return seenBy(user, order);
}

/** An order by its id, unlocked: prepared once, as every order's page and action reads it. */
const orderByIdStatementOf = preparedOnce((db: Db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id'),
);

/**
 * GET /api/orders/{id} only: the order by its id or by its number as people quote it
 * (`T-100001`, rules/order-number.ts). Every other action takes the id alone.
 */
export async function visibleOrderByIdOrNumber(db: Db, user: AuthUser, key: string): Promise<OrderRow> {
  const number = parseOrderNumber(key);
  if (number === null) return visibleOrder(db, user, key);
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  return seenBy(user, order);
}

/** The order, if there is one and the user may see it; else the same 404 either way. */
function seenBy(user: AuthUser, order: OrderRow | undefined): OrderRow {
  if (!order || !canSeeOrder(user, orderFacts(order))) {
    throw notFound(ORDER_NOT_FOUND);
  }
  return order;
}

/** An order's lines with their products' short numbers (null once a product is deleted). */
const lineColumns = { ...getTableColumns(orderItems), productNumber: products.number };

/** An order's lines: prepared once, as every order answer reads them. */
const orderLinesStatementOf = preparedOnce((db: Db) =>
  db
    .select(lineColumns)
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .prepare('order_lines'),
);

export async function itemsOf(db: Db, orderId: string): Promise<OrderLine[]> {
  return orderLinesStatementOf(db).execute({ orderId });
}

/**
 * What an order's answer needs besides its lines, in one prepared statement: whether its seller
 * is a private person, and whether it has any refunds or withdrawals at all. Most orders have
 * neither, so their answer reads two prepared statements, and only an order with refunds or
 * withdrawals reads those too. Read from the seller's account row, which every order has (a
 * foreign key), so the statement answers one row even for a seller without a shop row.
 */
const orderAnswerExtrasStatementOf = preparedOnce((db: Db) =>
  db
    .select({
      sellerType: sellers.sellerType,
      hasRefunds: sql<boolean>`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${sql.placeholder('orderId')})`,
      hasWithdrawals: sql<boolean>`exists (select 1 from ${orderWithdrawals} where ${orderWithdrawals.orderId} = ${sql.placeholder('orderId')})`,
    })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .where(eq(users.id, sql.placeholder('sellerId')))
    .prepare('order_answer_extras'),
);

export async function orderJson(db: Db, order: OrderRow): Promise<Order> {
  const items = await itemsOf(db, order.id);
  const [extras] = await orderAnswerExtrasStatementOf(db).execute({ orderId: order.id, sellerId: order.sellerId });
  const refunds = extras?.hasRefunds ? await refundsOf(db, order.id) : [];
  const stored = extras?.hasWithdrawals ? await withdrawalsOf(db, order.id) : [];
  const withdrawals = withdrawalsField(stored, { ...order, items });
  const sellerIsPrivate = isPrivateSellerType(extras?.sellerType);
  return { ...toOrderJson(order, items), ...refundFields(refunds), withdrawals, sellerIsPrivate };
}

/**
 * One page of the orders matching `where`, newest first, with their lines, the reader's unread
 * messages on each, their refunds and withdrawals, and how many match in all: six or seven statements, none binding a parameter per
 * order (the lines and the unread counts are found by the page's own subquery, so a page of any
 * size stays far below the protocol's parameter limit).
 */
async function listOrders(
  db: Db,
  where: SQL | undefined,
  withBuyerName: boolean,
  page: PageRequest,
  reader: AuthUser,
): Promise<Paged<Order>> {
  const statements = orderListStatements(db, where, page);
  const [counted] = await statements.count;
  const total = Number(counted?.n ?? 0);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.size)
    .offset(page.offset);
  const rows = await statements.page;
  if (rows.length === 0) return { rows: [], total };
  const items = await db
    .select(lineColumns)
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, pageIds));
  const unread = await unreadCounts(db, reader.id, pageIds);
  const refunds = await refundsByOrder(db, pageIds);
  const withdrawals = await withdrawalsByOrder(db, pageIds);
  const byOrder = new Map<string, OrderLine[]>();
  for (const item of items) {
    const lines = byOrder.get(item.orderId);
    if (lines) lines.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return {
    rows: rows.map((row) => ({
      ...toOrderJson(row, byOrder.get(row.id) ?? [], withBuyerName),
      unreadMessages: unread.get(row.id) ?? 0,
      ...refundFields(refunds.get(row.id) ?? []),
      withdrawals: withdrawalsField(withdrawals.get(row.id) ?? [], { ...row, items: byOrder.get(row.id) ?? [] }),
    })),
    total,
  };
}

/** The count and the page of an order list, as listOrders sends them. */
export function orderListStatements(db: Db, where: SQL | undefined, page: PageRequest) {
  return {
    count: db.select({ n: count() }).from(orders).where(where),
    page: db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.size)
      .offset(page.offset),
  };
}

/** GET /api/orders/mine: a page of the user's own outgoing orders. */
export function listMyOrders(db: Db, user: AuthUser, page: PageRequest): Promise<Paged<Order>> {
  return listOrders(db, eq(orders.userId, user.id), false, page, user);
}

/**
 * Whose incoming orders a list request may read: an admin any seller's, or all with no seller
 * given (undefined); a seller only their own, whatever the query says is refused otherwise.
 */
export function sellerFilterFor(user: AuthUser, requested: string | undefined): string | undefined {
  if (!canListIncomingOrders(user)) throw forbidden('Only sellers and admins can list orders.');
  // No seller given: an admin lists every order, a seller their own.
  const sellerId = requested || (user.isAdmin ? undefined : user.id);
  if (!canListOrdersOf(user, sellerId)) throw forbidden('You can only list your own incoming orders.');
  return sellerId;
}

/** The orders an incoming-order filter keeps (rule in @torget/shared/schemas/orders). */
const INCOMING_FILTER_WHERE: Record<IncomingOrderFilter, () => SQL | undefined> = {
  to_confirm_payment: () =>
    and(eq(orders.paymentMethod, 'Swish'), eq(orders.isPaid, false), isNull(orders.cancelledAt)),
  to_deliver: () => and(eq(orders.isPaid, true), eq(orders.isDelivered, false), isNull(orders.cancelledAt)),
};

/** The admin's search and filters of the order list (schemas/orders.ts, orderListQuerySchema). */
export interface OrderFinder {
  search?: string | undefined;
  state?: OrderStateFilter | undefined;
  /** Stockholm days, 'YYYY-MM-DD', both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export const ONLY_ADMINS_SEARCH_ORDERS = 'Only admins can search and filter the order list.';

/**
 * An order's one state (rules/admin-lists.ts, orderListState), written exactly as
 * orders_state_created_idx (migration 0039) holds it, so the filter reads that index.
 */
const ORDER_STATE = sql`(CASE WHEN ${orders.cancelledAt} IS NOT NULL THEN 'cancelled' WHEN ${orders.isDelivered} THEN 'delivered' WHEN ${orders.shippedAt} IS NOT NULL THEN 'shipped' WHEN ${orders.isPaid} THEN 'paid' ELSE 'unpaid' END)`;

/**
 * The orders a search finds: the order number (T-100001; a bare number is also searched as text),
 * the buyer's or the shop's name as the order keeps them (orders.search_text,
 * orders_search_trgm_idx), or the buyer's account by name or e-mail (user-search.ts, then
 * orders_user_created_idx). One `id in (… union all …)`: each branch reads its own index, where
 * an `or` of them would make PostgreSQL read every order and test each.
 */
function searchWhere(text: string): SQL {
  const number = orderNumberInSearch(text);
  if (number?.exact) return eq(orders.number, number.number);
  const branches: SQL[] = [];
  if (number) branches.push(sql`select n.id from orders n where n.number = ${number.number}`);
  const onOrder = typedEmail(text) === null ? textMatches(sql`o.search_text`, text) : undefined;
  if (onOrder) branches.push(sql`select o.id from orders o where ${onOrder}`);
  const onBuyer = accountMatches({ email: sql`u.email`, searchText: sql`u.search_text` }, text);
  if (onBuyer) {
    branches.push(
      sql`select b.id from users u join orders b on b.user_id = u.id where u.deleted_at is null and ${onBuyer}`,
    );
  }
  return sql`${orders.id} in (${sql.join(branches, sql` union all `)})`;
}

/** The conditions of an admin's order search; undefined when nothing is asked. */
function finderWhere(find: OrderFinder): SQL | undefined {
  return and(
    find.search ? searchWhere(find.search) : undefined,
    find.state ? sql`${ORDER_STATE} = ${find.state}` : undefined,
    find.from
      ? sql`${orders.createdAt} >= (${find.from}::date)::timestamp at time zone ${DISPLAY_TIME_ZONE}`
      : undefined,
    find.to
      ? sql`${orders.createdAt} < ((${find.to}::date + 1)::timestamp at time zone ${DISPLAY_TIME_ZONE})`
      : undefined,
  );
}

/**
 * GET /api/orders?seller=&status=: a page of incoming orders with the buyer's name. An admin may
 * also search and filter (`find`); anyone else asking for that is refused.
 */
export function listIncomingOrders(
  db: Db,
  user: AuthUser,
  requestedSeller: string | undefined,
  page: PageRequest,
  filter?: IncomingOrderFilter,
  find: OrderFinder = {},
): Promise<Paged<Order>> {
  return listOrders(db, incomingOrdersWhere(user, requestedSeller, filter, find), true, page, user);
}

/** Which orders GET /api/orders lists for `user`: refused (403, 400) when they may not ask so. */
export function incomingOrdersWhere(
  user: AuthUser,
  requestedSeller: string | undefined,
  filter?: IncomingOrderFilter,
  find: OrderFinder = {},
): SQL | undefined {
  const sellerId = sellerFilterFor(user, requestedSeller);
  const finding = Object.values(find).some((value) => value !== undefined);
  if (finding && !user.isAdmin) throw forbidden(ONLY_ADMINS_SEARCH_ORDERS);
  if (find.from && find.to && find.from > find.to) throw badRequest(ORDER_RANGE_REVERSED);
  return and(
    sellerId ? eq(orders.sellerId, sellerId) : undefined,
    filter && INCOMING_FILTER_WHERE[filter](),
    finding ? finderWhere(find) : undefined,
  );
}

/**
 * Deletes an unpaid, undelivered Swish order (its buyer, its seller or an admin) and gives the
 * stock back to the products that still exist, in the same transaction.
 */
export async function deleteOrder(db: Db, user: AuthUser, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, id, true);
    const facts = orderFacts(order);
    if (!isBuyerOf(user, facts) && !managesAsSeller(user, facts)) throw forbidden(SELLER_STATUS_REVOKED);
    const refusal = orderDeletionRefusal(facts);
    if (refusal) throw badRequest(refusal);
    // Products are locked in id order, as placing an order locks them, so the two never deadlock.
    const lines = await tx
      .select({ productId: orderItems.productId, qty: orderItems.qty, variantId: orderItems.variantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.productId));
    for (const line of lines) {
      if (!line.productId) continue;
      await tx
        .update(products)
        .set({ countInStock: sql`${products.countInStock} + ${line.qty}`, version: nextVersion() })
        .where(eq(products.id, line.productId));
    }
    await restockVariants(tx, lines);
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

/**
 * The seller's paid and delivered flags of a Swish order, with their dates; unticking clears
 * the date. PayPal orders are paid only through PayPal's verified payment. Paid and unpaid are
 * booked in the ledger (modules/ledger/ledger-bookings.ts).
 */
export async function updateOrderStatus(db: Db, user: AuthUser, id: string, input: OrderUpdateInput): Promise<Order> {
  return (await updateOrderStatusWithChanges(db, user, id, input)).order;
}

/** An updated order, and whether this update ticked its paid or delivered flag (the buyer is told). */
export interface StatusUpdate {
  order: Order;
  becamePaid: boolean;
  becameDelivered: boolean;
}

/** updateOrderStatus, telling which flags it ticked; the seller's `language` is kept for their mails. */
export async function updateOrderStatusWithChanges(
  db: Db,
  user: AuthUser,
  id: string,
  input: OrderUpdateInput,
  language?: Language,
): Promise<StatusUpdate> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, id, true);
    if (!canUpdateOrderStatus(user, orderFacts(order))) throw forbidden('Only the seller of this order can update it.');
    if (!managesAsSeller(user, orderFacts(order))) throw forbidden(SELLER_STATUS_REVOKED);
    if (order.paymentMethod !== 'Swish') {
      throw badRequest('Only Swish orders are updated by the seller; PayPal orders are paid through PayPal.');
    }
    // A refunded order stays paid: its refunds reverse part of the booked sale, which unticking would reverse again.
    if (order.isPaid && !input.is_paid && (await refundsOf(tx, order.id)).length > 0) {
      throw conflict(REFUNDED_STAYS_PAID);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        isPaid: input.is_paid,
        paidAt: input.is_paid && input.paid_date ? formDateToDate(input.paid_date) : null,
        isDelivered: input.is_delivered,
        deliveredAt: input.is_delivered && input.delivered_date ? formDateToDate(input.delivered_date) : null,
        ...(language && isSellerOf(user, orderFacts(order)) ? { sellerLanguage: language } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!updated) throw notFound(ORDER_NOT_FOUND);
    // Ticking paid books the commission and its moms; unticking books their reversal (entries are
    // never deleted). In this transaction, under the order's lock: booked once, or not at all.
    if (updated.isPaid && !order.isPaid) await bookOrderPaid(tx, updated);
    if (!updated.isPaid && order.isPaid) await reverseOrderPaid(tx, updated.id);
    return {
      order: await orderJson(tx, updated),
      becamePaid: updated.isPaid && !order.isPaid,
      becameDelivered: updated.isDelivered && !order.isDelivered,
    };
  });
}
