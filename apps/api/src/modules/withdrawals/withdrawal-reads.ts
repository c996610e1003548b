/**
 * Reading an order's withdrawals, for the order's JSON (`withdrawals`) and the rules that depend on
 * them. Kept apart from withdrawals.service.ts so the order service reads them without importing
 * the withdrawal service (which imports the order service).
 */
import type { OrderWithdrawal } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import { type ProductQty, suggestedRefundOre } from '@torget/shared/rules/withdrawals';
import { asc, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderWithdrawalLines, orderWithdrawals } from '#api/db/schema.ts';

export type WithdrawalRow = typeof orderWithdrawals.$inferSelect;
export type WithdrawalLineRow = typeof orderWithdrawalLines.$inferSelect;
export interface StoredWithdrawal extends WithdrawalRow {
  lines: WithdrawalLineRow[];
}

/** What the offered refund needs of the order: its lines (product, qty, prices in öre) and its shipping. */
export interface OrderForRefund {
  shippingPriceOre: number;
  items: readonly { productId: string | null; qty: number; priceOre: number; shippingPriceOre: number }[];
}

/** The withdrawals of the orders `orderIds` selects (a page's own subquery, or a list), by order, oldest first. */
export async function withdrawalsByOrder(
  db: Db,
  orderIds: SQLWrapper | string[],
): Promise<Map<string, StoredWithdrawal[]>> {
  const byOrder = new Map<string, StoredWithdrawal[]>();
  if (Array.isArray(orderIds) && orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderWithdrawals)
    .where(inArray(orderWithdrawals.orderId, orderIds))
    .orderBy(asc(orderWithdrawals.orderId), asc(orderWithdrawals.requestedAt), asc(orderWithdrawals.id));
  if (rows.length === 0) return byOrder;
  // The lines through the same selection, so no parameter is bound per withdrawal.
  const ofOrders = db
    .select({ id: orderWithdrawals.id })
    .from(orderWithdrawals)
    .where(inArray(orderWithdrawals.orderId, orderIds));
  const lines = await db
    .select()
    .from(orderWithdrawalLines)
    .where(inArray(orderWithdrawalLines.withdrawalId, ofOrders))
    .orderBy(asc(orderWithdrawalLines.name));
  const linesOf = new Map<string, WithdrawalLineRow[]>();
  for (const line of lines) {
    const list = linesOf.get(line.withdrawalId);
    if (list) list.push(line);
    else linesOf.set(line.withdrawalId, [line]);
  }
  for (const row of rows) {
    const stored = { ...row, lines: linesOf.get(row.id) ?? [] };
    const list = byOrder.get(row.orderId);
    if (list) list.push(stored);
    else byOrder.set(row.orderId, [stored]);
  }
  return byOrder;
}

/** One order's withdrawals, oldest first. */
export async function withdrawalsOf(db: Db, orderId: string): Promise<StoredWithdrawal[]> {
  return (await withdrawalsByOrder(db, [orderId])).get(orderId) ?? [];
}

/** A withdrawal's lines as products and quantities (a deleted product's line is left out). */
export function withdrawnQuantities(withdrawals: readonly StoredWithdrawal[]): ProductQty[] {
  return withdrawals
    .filter((withdrawal) => withdrawal.state !== 'rejected')
    .flatMap((withdrawal) =>
      withdrawal.lines.flatMap((line) => (line.productId ? [{ product: line.productId, qty: line.qty }] : [])),
    );
}

/** The order's lines as the refund rule takes them (a deleted product's line is left out). */
function pricedLines(order: OrderForRefund) {
  return order.items.flatMap((item) =>
    item.productId
      ? [{ product: item.productId, qty: item.qty, priceOre: item.priceOre, shippingPriceOre: item.shippingPriceOre }]
      : [],
  );
}

/** The refund offered for `withdrawal`, in öre, given the order's other withdrawals. */
export function suggestedRefundOf(
  withdrawal: StoredWithdrawal,
  all: readonly StoredWithdrawal[],
  order: OrderForRefund,
): number {
  const others = withdrawnQuantities(all.filter((other) => other.id !== withdrawal.id));
  const own = withdrawal.lines.flatMap((line) => (line.productId ? [{ product: line.productId, qty: line.qty }] : []));
  const goodsOfDeleted = withdrawal.lines
    .filter((line) => line.productId === null)
    .reduce((sum, line) => sum + line.qty * line.priceOre, 0);
  return suggestedRefundOre(pricedLines(order), own, others, order.shippingPriceOre) + goodsOfDeleted;
}

/** A withdrawal as the order's JSON carries it. */
export function withdrawalJson(
  withdrawal: StoredWithdrawal,
  all: readonly StoredWithdrawal[],
  order: OrderForRefund,
): OrderWithdrawal {
  return {
    _id: withdrawal.id,
    lines: withdrawal.lines.map((line) => ({
      product: line.productId,
      name: line.name,
      qty: line.qty,
      price: oreToSek(line.priceOre),
    })),
    reason: withdrawal.reason,
    state: withdrawal.state,
    requestedAt: withdrawal.requestedAt.toISOString(),
    decidedAt: withdrawal.decidedAt?.toISOString() ?? null,
    refundAmount: withdrawal.refundAmountOre === null ? null : oreToSek(withdrawal.refundAmountOre),
    suggestedRefundAmount: oreToSek(suggestedRefundOf(withdrawal, all, order)),
    restocked: withdrawal.restocked,
    goodsReturned: withdrawal.goodsReturned,
  };
}

/** `withdrawals` of an order's JSON. */
export function withdrawalsField(all: readonly StoredWithdrawal[], order: OrderForRefund): OrderWithdrawal[] {
  return all.map((withdrawal) => withdrawalJson(withdrawal, all, order));
}
