/**
 * The buyer's right of withdrawal (docs/decisions/235-withdrawals.md): the buyer withdraws from
 * lines of an order within the period, and the order's seller (while a seller) or an admin accepts,
 * with a refund through the refund service and the quantities back in stock if they can be sold
 * again, or rejects. Every check and write of one call runs under the order's row lock, so two
 * withdrawals at once never take more than was bought, and a withdrawal is decided once.
 */
import type { Order, OrderWithdrawal, WithdrawalListEntry } from '@torget/shared/api-types.generated';
import { isBuyerOf, isSellerOf, managesAsSeller, SELLER_STATUS_REVOKED } from '@torget/shared/policies/orders';
import type { Language } from '@torget/shared/rules/languages';
import { oreToSek, sekToOre } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import {
  WITHDRAWAL_DECIDED,
  WITHDRAWAL_NOT_FOUND,
  WITHDRAWAL_ONLY_BUYER,
  WITHDRAWAL_ONLY_SELLER,
  WITHDRAWAL_OVERDUE_DAYS,
  withdrawableQuantities,
  withdrawalLinesRefusal,
  withdrawalRefusal,
} from '@torget/shared/rules/withdrawals';
import type { CreateWithdrawalInput, DecideWithdrawalInput } from '@torget/shared/schemas/withdrawals';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, type Tx, transaction } from '#api/db/client.ts';
import { orderItems, orders, orderWithdrawalLines, orderWithdrawals, products } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { conflict, forbidden, HttpError, notFound } from '#api/lib/http-errors.ts';
import type { Paged, PageRequest } from '#api/lib/paging.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { nextVersion } from '#api/modules/catalog/product-version.ts';
import { restockVariants, syncStockWithVariants } from '#api/modules/catalog/variants.service.ts';
import { itemsOf, orderFacts, orderJson, visibleOrder } from '#api/modules/orders/orders.service.ts';
import { soldByPrivatePerson } from '#api/modules/sellers/seller-identity.service.ts';
import {
  type StoredWithdrawal,
  withdrawalJson,
  withdrawalsByOrder,
  withdrawalsOf,
  withdrawnQuantities,
} from './withdrawal-reads';

/** What the refund service is asked when a withdrawal is accepted with an amount. */
export interface WithdrawalRefundRequest {
  orderId: string;
  amountOre: number;
  lines: { product: string; qty: number }[];
  withdrawalId: string;
  actorId: string;
}

/**
 * Makes the refund, in the decision's transaction: capped at what is left of the payment, booked
 * to the ledger, refunded through PayPal or recorded for Swish (modules/refunds). It throws (409)
 * when the amount cannot be refunded, and the decision is then not made either.
 */
export type WithdrawalRefunder = (tx: Tx, request: WithdrawalRefundRequest) => Promise<void>;

export interface WithdrawalAnswer {
  order: Order;
  withdrawal: OrderWithdrawal;
}

function answerOf(order: Order, withdrawalId: string): WithdrawalAnswer {
  const withdrawal = order.withdrawals?.find((one) => one._id === withdrawalId);
  if (!withdrawal) throw new Error(`withdrawal ${withdrawalId} missing from its order`);
  return { order, withdrawal };
}

/** POST /api/orders/{id}/withdrawals: the buyer withdraws from lines of the order. */
export async function requestWithdrawal(
  db: Db,
  user: AuthUser,
  orderId: string,
  input: CreateWithdrawalInput,
  now: Date,
): Promise<WithdrawalAnswer> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, orderId, true);
    if (!isBuyerOf(user, orderFacts(order))) throw forbidden(WITHDRAWAL_ONLY_BUYER);
    const refusal = withdrawalRefusal(
      {
        ...orderFacts(order),
        deliveredAt: order.isDelivered ? order.deliveredAt : null,
        privateSeller: await soldByPrivatePerson(tx, order.sellerId),
      },
      now,
    );
    if (refusal) throw conflict(refusal);
    const items = await itemsOf(tx, order.id);
    const bought = items.flatMap((item) => (item.productId ? [{ product: item.productId, qty: item.qty }] : []));
    const left = withdrawableQuantities(bought, withdrawnQuantities(await withdrawalsOf(tx, order.id)));
    const itemOf = (product: string) => items.find((item) => item.productId === product);
    const linesRefusal = withdrawalLinesRefusal(input.lines, left, (product) => itemOf(product)?.name ?? product);
    if (linesRefusal) throw new HttpError(linesRefusal.status, linesRefusal.message);
    const [made] = await tx
      .insert(orderWithdrawals)
      .values({ orderId: order.id, reason: input.reason, requestedAt: now })
      .returning({ id: orderWithdrawals.id });
    if (!made) throw new Error('withdrawal not stored');
    await tx.insert(orderWithdrawalLines).values(
      input.lines.map((line) => {
        const item = itemOf(line.product);
        return {
          withdrawalId: made.id,
          productId: line.product,
          name: item?.name ?? '',
          qty: line.qty,
          priceOre: item?.priceOre ?? 0,
        };
      }),
    );
    return answerOf(await orderJson(tx, order), made.id);
  });
}

export interface DecidedWithdrawal extends WithdrawalAnswer {
  /** The products whose stock went up (their cached pages and lists change). */
  restockedProducts: string[];
}

/** PUT /api/orders/{id}/withdrawals/{wid}: the order's seller (while a seller) or an admin decides once. */
export async function decideWithdrawal(
  db: Db,
  user: AuthUser,
  orderId: string,
  withdrawalId: string,
  input: DecideWithdrawalInput,
  refund: WithdrawalRefunder,
  language: Language,
): Promise<DecidedWithdrawal> {
  return transaction(db, async (tx) => {
    const order = await visibleOrder(tx, user, orderId, true);
    const facts = orderFacts(order);
    if (!managesAsSeller(user, facts)) {
      throw forbidden(isSellerOf(user, facts) ? SELLER_STATUS_REVOKED : WITHDRAWAL_ONLY_SELLER);
    }
    if (!isUuid(withdrawalId)) throw notFound(WITHDRAWAL_NOT_FOUND);
    const all = await withdrawalsOf(tx, order.id);
    const withdrawal = all.find((one) => one.id === withdrawalId);
    if (!withdrawal) throw notFound(WITHDRAWAL_NOT_FOUND);
    if (withdrawal.state !== 'requested') throw conflict(WITHDRAWAL_DECIDED);
    const restockedProducts: string[] = [];
    let refundOre: number | null = null;
    if (input.accepted) {
      const items = await itemsOf(tx, order.id);
      refundOre =
        input.refund_amount === undefined
          ? sekToOre(withdrawalJson(withdrawal, all, { ...order, items }).suggestedRefundAmount)
          : sekToOre(input.refund_amount);
      if (refundOre > 0) {
        await refund(tx, {
          orderId: order.id,
          amountOre: refundOre,
          lines: withdrawal.lines.flatMap((line) =>
            line.productId ? [{ product: line.productId, qty: line.qty }] : [],
          ),
          withdrawalId: withdrawal.id,
          actorId: user.id,
        });
      }
      if (input.restock) restockedProducts.push(...(await restock(tx, withdrawal)));
    }
    const [decided] = await tx
      .update(orderWithdrawals)
      .set({
        state: input.accepted ? 'accepted' : 'rejected',
        decidedBy: user.id,
        decidedAt: new Date(),
        refundAmountOre: refundOre,
        restocked: input.accepted && input.restock,
        goodsReturned: input.accepted ? input.returned : null,
      })
      .where(and(eq(orderWithdrawals.id, withdrawal.id), eq(orderWithdrawals.state, 'requested')))
      .returning({ id: orderWithdrawals.id });
    if (!decided) throw conflict(WITHDRAWAL_DECIDED);
    if (isSellerOf(user, facts)) {
      await tx.update(orders).set({ sellerLanguage: language }).where(eq(orders.id, order.id));
    }
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return { ...answerOf(await orderJson(tx, current ?? order), withdrawal.id), restockedProducts };
  });
}

/**
 * Puts the withdrawn quantities back on the products that still exist, locked in id order as
 * placing an order locks them, so the two never deadlock. Answers the products changed.
 */
async function restock(tx: Tx, withdrawal: StoredWithdrawal): Promise<string[]> {
  const lines = withdrawal.lines
    .flatMap((line) => (line.productId ? [{ product: line.productId, qty: line.qty }] : []))
    .sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0));
  const changed: string[] = [];
  for (const line of lines) {
    const updated = await tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} + ${line.qty}`, version: nextVersion() })
      .where(eq(products.id, line.product))
      .returning({ id: products.id });
    if (updated.length > 0) changed.push(line.product);
  }
  // A withdrawal names products: the variant of a product the order bought one variant of gets
  // its stock back; a product with variants is then at their sum again either way.
  const variantLines = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, withdrawal.orderId), sql`${orderItems.variantId} is not null`));
  const onlyVariant = (product: string) => {
    const of = variantLines.filter((item) => item.productId === product);
    return of.length === 1 ? (of[0]?.variantId ?? null) : null;
  };
  await restockVariants(
    tx,
    lines.map((line) => ({ variantId: onlyVariant(line.product), qty: line.qty })),
  );
  await syncStockWithVariants(tx, changed);
  return changed;
}

/**
 * GET /api/orders/withdrawals: a seller's withdrawals on their own orders, an admin's on every
 * order, newest first; `overdue` keeps the open ones older than 14 days, oldest first.
 */
export async function listWithdrawals(
  db: Db,
  user: AuthUser,
  overdue: boolean,
  page: PageRequest,
): Promise<Paged<WithdrawalListEntry>> {
  if (!user.isAdmin && !user.isSeller) throw forbidden('Only sellers and admins can list withdrawals.');
  const filters: SQL[] = [];
  if (!user.isAdmin) filters.push(eq(orders.sellerId, user.id));
  if (overdue) {
    filters.push(eq(orderWithdrawals.state, 'requested'));
    filters.push(lt(orderWithdrawals.requestedAt, sql`now() - make_interval(days => ${WITHDRAWAL_OVERDUE_DAYS})`));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [counted] = await db
    .select({ n: count() })
    .from(orderWithdrawals)
    .innerJoin(orders, eq(orders.id, orderWithdrawals.orderId))
    .where(where);
  const total = Number(counted?.n ?? 0);
  const ordering = overdue
    ? [asc(orderWithdrawals.requestedAt), asc(orderWithdrawals.id)]
    : [desc(orderWithdrawals.requestedAt), desc(orderWithdrawals.id)];
  const rows = await db
    .select({ id: orderWithdrawals.id, order: orders })
    .from(orderWithdrawals)
    .innerJoin(orders, eq(orders.id, orderWithdrawals.orderId))
    .where(where)
    .orderBy(...ordering)
    .limit(page.size)
    .offset(page.offset);
  if (rows.length === 0) return { rows: [], total };
  const orderIds = [...new Set(rows.map((row) => row.order.id))];
  const withdrawals = await withdrawalsByOrder(db, orderIds);
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  return {
    rows: rows.map(({ id, order }) => {
      const all = withdrawals.get(order.id) ?? [];
      const stored = all.find((one) => one.id === id);
      if (!stored) throw new Error(`withdrawal ${id} not read`);
      const own = { ...order, items: items.filter((item) => item.orderId === order.id) };
      return {
        ...withdrawalJson(stored, all, own),
        order: {
          _id: order.id,
          orderNumber: formatOrderNumber(order.number),
          buyerName: order.buyerName,
          sellerName: order.sellerName,
          totalPrice: oreToSek(order.totalPriceOre),
        },
      };
    }),
    total,
  };
}
