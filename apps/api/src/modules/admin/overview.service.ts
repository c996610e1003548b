/**
 * The admin's overview (GET /api/admin/overview): orders and sales today and this month, Swedish
 * days, and what waits for an admin. One statement: the month's orders through
 * orders_created_idx (a range from the month's first Stockholm midnight), each count a
 * subquery of its own.
 */

import type { AdminOverview, AdminOverviewCount } from '@torget/shared/api-types.generated';
import { oreToSek } from '@torget/shared/rules/money';
import { SALES_TIME_ZONE, swedishDay } from '@torget/shared/rules/sales-overview';
import { WITHDRAWAL_OVERDUE_DAYS } from '@torget/shared/rules/withdrawals';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';

interface OverviewCount {
  /** The screen's text is keyed by this. */
  key: string;
  /** The admin screen that lists what is counted. */
  href: string;
  /** One integer: how many wait. */
  count: SQL;
}

/**
 * What waits for an admin, one line each: a new count (open reports, open withdrawals) is one
 * more line here and its text on the overview screen.
 */
const OPEN_WORK: readonly OverviewCount[] = [
  {
    key: 'openApplications',
    href: '/admin_applications',
    // users_applicants_created_idx (migration 0039) holds exactly these accounts.
    count: sql`select count(*) from users where deleted_at is null and wants_to_be_seller and not is_seller`,
  },
  {
    key: 'openReports',
    href: '/admin_reports',
    // reports_open_idx (migration 0040) holds exactly the undecided ones.
    count: sql`select count(*) from reports where decision is null`,
  },
  {
    key: 'overdueWithdrawals',
    href: '/orderlist/withdrawals',
    // Undecided after the seller's 14 days: the admin's overdue list. order_withdrawals_open_idx
    // (migration 0035) holds exactly the undecided ones.
    count: sql`select count(*) from order_withdrawals
               where state = 'requested' and requested_at < now() - make_interval(days => ${WITHDRAWAL_OVERDUE_DAYS})`,
  },
];

type OverviewRow = Record<string, number | string | null>;

/** The overview at `now`; today and this month are Stockholm's. */
export async function adminOverview(db: Db, now = new Date()): Promise<AdminOverview> {
  const today = swedishDay(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const counts = OPEN_WORK.map((item, i) => sql`(${item.count})::int as ${sql.raw(`c${i}`)}`);
  const dayStart = sql`(${today}::date)::timestamp at time zone ${SALES_TIME_ZONE}`;
  // Cancelled (and expired) orders are no sales, as in the seller's overview.
  const [row] = await queryRows<OverviewRow>(
    db,
    sql`select count(*) filter (where created_at >= ${dayStart})::int as today_orders,
               coalesce(sum(total_price_ore) filter (where created_at >= ${dayStart}), 0)::bigint as today_ore,
               count(*)::int as month_orders,
               coalesce(sum(total_price_ore), 0)::bigint as month_ore,
               ${sql.join(counts, sql`, `)}
          from orders
         where created_at >= (${monthStart}::date)::timestamp at time zone ${SALES_TIME_ZONE}
           and cancelled_at is null`,
  );
  if (!row) throw new Error('the admin overview answered no row');
  return {
    today,
    todayOrders: { orders: Number(row.today_orders), sales: oreToSek(Number(row.today_ore)) },
    thisMonth: { orders: Number(row.month_orders), sales: oreToSek(Number(row.month_ore)) },
    counts: OPEN_WORK.map(
      (item, i): AdminOverviewCount => ({ key: item.key, href: item.href, count: Number(row[`c${i}`] ?? 0) }),
    ),
  };
}
