/**
 * The seller's sales overview: which days count, and how a day's sales become the
 * periods and chart buckets. Days are calendar days in Sweden (Europe/Stockholm), whatever the
 * server's own time zone; dates are 'YYYY-MM-DD' strings so no time zone sneaks back in.
 *
 * Revenue is what was ordered and not cancelled (placed orders, paid or not): a Swish order is
 * usually paid after it is placed, and the seller wants to see the day's sales that day. The
 * orders still waiting for a Swish payment are counted beside it.
 */
import { DISPLAY_TIME_ZONE } from './dates';

/** Sweden's days, the zone of every date shown (rules/dates.ts). */
export const SALES_TIME_ZONE = DISPLAY_TIME_ZONE;
/** The last 30 days: today and the 29 before it. */
export const RECENT_DAYS = 30;
/** Products with this many or fewer in stock are "low in stock". */
export const LOW_STOCK_LIMIT = 3;
/** At most this many low-stock products are listed (lowest stock first). */
export const LOW_STOCK_SHOWN = 20;

const DAY_MS = 86_400_000;

/** The calendar day in Sweden at `moment`, 'YYYY-MM-DD'. */
export function swedishDay(moment: Date): string {
  // The Swedish locale writes dates as ISO does: 2026-11-22.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: SALES_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

/** `day` moved by `days` (negative: back), as 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of `day`'s week (ISO weeks start on Monday), as 'YYYY-MM-DD'. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the periods an overview covers, for `today`. */
export function overviewDays(today: string): { recentFrom: string; yearFrom: string; from: string } {
  const recentFrom = addDays(today, -(RECENT_DAYS - 1));
  const yearFrom = `${today.slice(0, 4)}-01-01`;
  return { recentFrom, yearFrom, from: recentFrom < yearFrom ? recentFrom : yearFrom };
}

/** One day's (or week's) orders and revenue in öre. */
export interface SalesBucket {
  /** The day, or the Monday of the week, 'YYYY-MM-DD'. */
  start: string;
  orders: number;
  revenueOre: number;
}

export interface SalesTotals {
  orders: number;
  revenueOre: number;
}

export interface SalesFigures {
  today: string;
  last30Days: SalesTotals;
  thisYear: SalesTotals;
  /** The last 30 days, oldest first, a bucket for every day (zero when nothing was sold). */
  daily: SalesBucket[];
  /** This year's weeks by their Monday, oldest first, a bucket for every week up to today's. */
  weekly: SalesBucket[];
}

/**
 * The periods and buckets from the sales of each day that had any (`days`, any order), for the
 * Swedish day `today`. Days outside both periods are ignored.
 */
export function salesFigures(days: readonly SalesBucket[], today: string): SalesFigures {
  const { recentFrom, yearFrom } = overviewDays(today);
  const byDay = new Map(days.map((day) => [day.start, day]));
  const sum = (from: string): SalesTotals => {
    let orders = 0;
    let revenueOre = 0;
    for (const day of days) {
      if (day.start >= from && day.start <= today) {
        orders += day.orders;
        revenueOre += day.revenueOre;
      }
    }
    return { orders, revenueOre };
  };

  const daily: SalesBucket[] = [];
  for (let day = recentFrom; day <= today; day = addDays(day, 1)) {
    const sold = byDay.get(day);
    daily.push({ start: day, orders: sold?.orders ?? 0, revenueOre: sold?.revenueOre ?? 0 });
  }

  // A week that began last year (1 January is not always a Monday) counts only this year's days.
  const weeks = new Map<string, SalesBucket>();
  for (let monday = mondayOf(yearFrom); monday <= today; monday = addDays(monday, 7)) {
    weeks.set(monday, { start: monday, orders: 0, revenueOre: 0 });
  }
  for (const day of days) {
    if (day.start < yearFrom || day.start > today) continue;
    const week = weeks.get(mondayOf(day.start));
    if (week) {
      week.orders += day.orders;
      week.revenueOre += day.revenueOre;
    }
  }

  return { today, last30Days: sum(recentFrom), thisYear: sum(yearFrom), daily, weekly: [...weeks.values()] };
}
