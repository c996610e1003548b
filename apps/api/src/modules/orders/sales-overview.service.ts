/**
 * The seller's sales overview in two statements: the sales per Swedish day since the
 * earlier of "30 days ago" and 1 January, and the counts of orders to act on with the products
 * low in stock. The periods and chart buckets are made from the day rows (rules/sales-overview.ts).
 *
 * Both statements start from `orders_seller_created_idx` (seller_id, created_at desc): the first
 * reads only the seller's orders of this year or month, the second all of the seller's orders
 * (two counts with a filter, no sort).
 */
import type { SalesOverviewBucket, SellerOverview } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import {
  LOW_STOCK_LIMIT,
  LOW_STOCK_SHOWN,
  overviewDays,
  SALES_TIME_ZONE,
  type SalesBucket,
  salesFigures,
  swedishDay,
} from '@torget/shared/rules/sales-overview';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';

interface DayRow {
  day: string;
  orders: number;
  /** bigint: a string from node-postgres, a number from PGlite. */
  revenue_ore: number | string;
}

interface LowStockRow {
  id: string;
  number: number | string;
  name: string;
  count_in_stock: number;
}

interface CountsRow {
  awaiting_payment: number;
  to_deliver: number;
  /** json: parsed by node-postgres, text from PGlite. */
  low_stock: LowStockRow[] | string;
}

/** The seller's sales per Swedish day from `from` on: cancelled orders are not sales. */
function salesPerDay(db: Db, sellerId: string, from: string): Promise<DayRow[]> {
  return queryRows<DayRow>(
    db,
    sql`select to_char((created_at at time zone ${SALES_TIME_ZONE})::date, 'YYYY-MM-DD') as day,
               count(*)::int as orders,
               sum(total_price_ore)::bigint as revenue_ore
          from orders
         where seller_id = ${sellerId}
           and created_at >= (${from}::date)::timestamp at time zone ${SALES_TIME_ZONE}
           and cancelled_at is null
         group by 1`,
  );
}

/** What the seller has to act on: payments to confirm, orders to deliver, products to restock. */
async function actionCounts(db: Db, sellerId: string): Promise<CountsRow> {
  const [row] = await queryRows<CountsRow>(
    db,
    sql`select count(*) filter (where payment_method = 'Swish' and not is_paid and cancelled_at is null)::int
                 as awaiting_payment,
               count(*) filter (where is_paid and not is_delivered and cancelled_at is null)::int as to_deliver,
               (select coalesce(json_agg(low order by low.count_in_stock, low.name), '[]'::json)
                  from (select id, number, name, count_in_stock
                          from products
                         where seller_id = ${sellerId} and not is_draft and count_in_stock <= ${LOW_STOCK_LIMIT}
                         order by count_in_stock, name
                         limit ${LOW_STOCK_SHOWN}) low) as low_stock
          from orders
         where seller_id = ${sellerId}`,
  );
  if (!row) throw new Error('the overview counts answered no row');
  return row;
}

const toSek = (bucket: SalesBucket): SalesOverviewBucket => ({
  start: bucket.start,
  orders: bucket.orders,
  revenue: oreToSek(bucket.revenueOre),
});

/** GET /api/orders/seller/overview: the overview of the seller's own shop at `now`. */
export async function sellerOverview(db: Db, sellerId: string, now = new Date()): Promise<SellerOverview> {
  const today = swedishDay(now);
  const [days, counts] = await Promise.all([
    salesPerDay(db, sellerId, overviewDays(today).from),
    actionCounts(db, sellerId),
  ]);
  const figures = salesFigures(
    days.map((day) => ({ start: day.day, orders: Number(day.orders), revenueOre: Number(day.revenue_ore) })),
    today,
  );
  const lowStock: LowStockRow[] =
    typeof counts.low_stock === 'string' ? JSON.parse(counts.low_stock) : counts.low_stock;
  return {
    today,
    last30Days: { orders: figures.last30Days.orders, revenue: oreToSek(figures.last30Days.revenueOre) },
    thisYear: { orders: figures.thisYear.orders, revenue: oreToSek(figures.thisYear.revenueOre) },
    daily: figures.daily.map(toSek),
    weekly: figures.weekly.map(toSek),
    awaitingPayment: Number(counts.awaiting_payment),
    toDeliver: Number(counts.to_deliver),
    lowStock: lowStock.map((product) => ({
      _id: product.id,
      number: Number(product.number),
      name: product.name,
      countInStock: product.count_in_stock,
    })),
  };
}
