/**
 * Orders as a CSV file (GET /api/orders/export.csv): a seller's own orders, or an admin's every
 * order, placed on the Stockholm days from and to (both included), one row per order line.
 * Every cell spreadsheet-safe; the file as the products' (UTF-8 with a mark, `;`, decimal commas).
 */
import { displayDateTime } from '@torget/shared/rules/dates';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { csvAmount, ORDER_CSV_COLUMNS, spreadsheetSafe } from '@torget/shared/rules/product-csv';
import { SALES_TIME_ZONE } from '@torget/shared/rules/sales-overview';
import type { OrderExportQuery } from '@torget/shared/schemas/orders';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderItems, orders, products } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { forbidden } from '#api/lib/http-errors.ts';
import { writeCsv } from '#api/modules/product-csv/csv-file.ts';

const iso = (date: Date | null) => (date ? displayDateTime(date.toISOString(), 'en') : '');

function stateOf(order: {
  cancelledAt: Date | null;
  isDelivered: boolean;
  shippedAt: Date | null;
  isPaid: boolean;
}): string {
  if (order.cancelledAt) return 'cancelled';
  if (order.isDelivered) return 'delivered';
  if (order.shippedAt) return 'shipped';
  return order.isPaid ? 'paid' : 'unpaid';
}

/** The first moment of a Stockholm day, as SQL. */
const dayStart = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${SALES_TIME_ZONE})`;

export async function exportOrdersCsv(db: Db, user: AuthUser, query: OrderExportQuery): Promise<string> {
  if (!user.isAdmin && !user.isSeller) throw forbidden('Invalid Seller Token');
  const { from, to } = query;
  const rows = await db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      sellerName: orders.sellerName,
      buyerName: orders.buyerName,
      paymentMethod: orders.paymentMethod,
      isPaid: orders.isPaid,
      paidAt: orders.paidAt,
      shippedAt: orders.shippedAt,
      isDelivered: orders.isDelivered,
      deliveredAt: orders.deliveredAt,
      cancelledAt: orders.cancelledAt,
      shippingPriceOre: orders.shippingPriceOre,
      totalPriceOre: orders.totalPriceOre,
      productNumber: products.number,
      name: orderItems.name,
      qty: orderItems.qty,
      priceOre: orderItems.priceOre,
      vatRate: orderItems.vatRate,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        // An admin's export is every shop's; a seller's only their own, whatever they ask.
        user.isAdmin ? undefined : eq(orders.sellerId, user.id),
        gte(orders.createdAt, dayStart(from)),
        lt(orders.createdAt, dayStart(to, 1)),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.number), asc(orderItems.id));
  return writeCsv(
    ORDER_CSV_COLUMNS,
    rows.map((row) =>
      [
        formatOrderNumber(row.number),
        iso(row.createdAt),
        row.sellerName,
        row.buyerName,
        row.paymentMethod,
        stateOf(row),
        iso(row.paidAt),
        iso(row.shippedAt),
        iso(row.deliveredAt),
        row.productNumber === null ? '' : String(row.productNumber),
        row.name,
        String(row.qty),
        csvAmount(row.priceOre),
        String(row.vatRate),
        csvAmount(row.priceOre * row.qty),
        csvAmount(row.shippingPriceOre),
        csvAmount(row.totalPriceOre),
      ].map(spreadsheetSafe),
    ),
  );
}
