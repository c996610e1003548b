/**
 * Reading an order's refunds, for the order's JSON (`refunds`, `refundedPrice`) and for the rules
 * that depend on them. Kept apart from refunds.service.ts so the order service can read them
 * without importing the refund service (which imports the order service).
 */
import type { OrderRefund } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import { asc, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderRefunds } from '#api/db/schema.ts';

export type RefundRow = typeof orderRefunds.$inferSelect;

/** An order's refunds, oldest first. */
export async function refundsOf(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.seq));
}

/**
 * The refunds of the orders `orderIds` selects (a page's own subquery, so no parameter per
 * order), by order, oldest first.
 */
export async function refundsByOrder(db: Db, orderIds: SQLWrapper): Promise<Map<string, RefundRow[]>> {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.orderId), asc(orderRefunds.seq));
  const byOrder = new Map<string, RefundRow[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** The sum of refunds in öre. */
export function refundedOre(rows: readonly Pick<RefundRow, 'amountOre'>[]): number {
  let sum = 0;
  for (const row of rows) sum += row.amountOre;
  return sum;
}

/** A refund as the order's JSON carries it. */
export function refundJson(row: RefundRow): OrderRefund {
  return {
    _id: row.id,
    amount: oreToSek(row.amountOre),
    lines: row.lines.map((line) => ({ product: line.product, name: line.name, qty: line.qty })),
    note: row.note,
    method: row.method,
    refundedAt: row.refundedAt.toISOString(),
    status: row.status,
  };
}

/** `refunds` and `refundedPrice` of an order's JSON. */
export function refundFields(rows: readonly RefundRow[]): { refunds: OrderRefund[]; refundedPrice: number } {
  return { refunds: rows.map(refundJson), refundedPrice: oreToSek(refundedOre(rows)) };
}
