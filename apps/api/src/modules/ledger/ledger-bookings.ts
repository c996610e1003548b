/**
 * What events book in the ledger (docs/decisions/210-ledger-booked-with-the-event.md). Each is one
 * INSERT … SELECT (an order's sale in db/sql/90-ledger.sql's torget_book_order_paid, the most
 * frequent, planned once per connection), run inside the transaction of the event itself (marking an order paid,
 * approving a seller), so the entries commit or roll back with it. Every entry has a booking key
 * naming its event; ON CONFLICT DO NOTHING on the key makes a retried or racing event book once.
 *
 * An order's bookings are numbered: the n-th time it is marked paid or unmarked writes
 * `order:<id>:<n>:<kind>`. An odd n is a booking of the sale, an even n its reversal, so the
 * count of the order's commission entries says whether it stands booked, read in the same
 * statement that writes (its `order:` entries only: a refund's commission entries are keyed
 * `refund:`, modules/refunds/refunds.service.ts). The commission's rate is read there too, from the seller's plan.
 */
import { COMMISSION_VAT_BP, DEFAULT_PLAN_FEES } from '@torget/shared/rules/ledger';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import type { BackgroundChanges } from '#api/lib/cache-changes.ts';
import { type SweepLog, startPeriodicSweep } from '#api/lib/periodic-sweep.ts';

/** The order facts a booking needs. */
export interface PaidOrder {
  id: string;
  number: number;
  sellerId: string;
  paymentMethod: string;
  totalPriceOre: number;
}

/**
 * An order just marked paid (in the caller's transaction, the order's row locked): a PayPal
 * order credits its total and debits commission and moms; a Swish order debits commission and
 * moms. Nothing when the order stands booked already. Answers how many entries were written.
 */
export async function bookOrderPaid(db: Db, order: PaidOrder): Promise<number> {
  // The statement lives in db/sql/90-ledger.sql (torget_book_order_paid), planned once per connection.
  const [booked] = await queryRows<{ written: number }>(
    db,
    sql`select torget_book_order_paid(${order.id}::uuid, ${order.number}::bigint, ${order.sellerId}::uuid,
          ${order.paymentMethod}::text, ${order.totalPriceOre}::bigint,
          ${DEFAULT_PLAN_FEES['1'].commissionBp}::int, ${COMMISSION_VAT_BP}::int) as written`,
  );
  return Number(booked?.written ?? 0);
}

/**
 * An order unmarked paid (its row locked): the entries of its standing booking are booked again
 * negated, with their rates, so the order's entries sum to 0 and the history stays. Nothing when
 * it does not stand booked.
 */
export async function reverseOrderPaid(db: Db, orderId: string): Promise<number> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`with prior as (
          select count(*)::int as n from ledger_entries
          where order_id = ${orderId} and kind = 'commission' and booking_key like 'order:%'
        )
        insert into ledger_entries
          (seller_id, amount_ore, kind, order_id, order_number, rate_bp, base_ore, note, booking_key)
        select e.seller_id, -e.amount_ore, e.kind, e.order_id, e.order_number, e.rate_bp, -e.base_ore,
               'Reversal: the order was marked unpaid.',
               'order:' || e.order_id::text || ':' || (prior.n + 1)::text || ':' || e.kind
        from ledger_entries e, prior
        where prior.n % 2 = 1 and e.order_id = ${orderId}
          and e.booking_key = 'order:' || e.order_id::text || ':' || prior.n::text || ':' || e.kind
        order by e.id
        on conflict (booking_key) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * A seller just approved (in the approval's transaction): on plan 2 or 3, the plan's yearly fee
 * is debited for the year starting now, unless a fee year of theirs still runs (approved again
 * within a year). Keyed by seller and the year's calendar year.
 */
export async function bookPlanFeeOnApproval(db: Db, sellerId: string): Promise<number> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`insert into ledger_entries (seller_id, amount_ore, kind, base_ore, period_start, note, booking_key)
        select s.user_id, -f.yearly_fee_ore, 'plan_fee', f.yearly_fee_ore, now(),
               'Plan ' || s.plan || ', yearly fee.',
               'plan_fee:' || s.user_id::text || ':' || extract(year from now() at time zone 'UTC')::int::text
        from sellers s join fee_settings f on f.plan = s.plan
        where s.user_id = ${sellerId} and s.plan in ('2', '3')
          and not exists (
            select 1 from ledger_entries e
            where e.seller_id = s.user_id and e.kind = 'plan_fee' and e.period_start > now() - interval '1 year'
          )
        on conflict (booking_key) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * One sweep: every active seller on plan 2 or 3 whose last fee year has ended is debited the
 * next year's fee, the year starting where the last ended (so a late sweep does not move the
 * anniversary). A sweep run twice, or by two instances at once, books each year once (the key).
 * `now` is the moment the sweep counts from (tests move it). Answers how many were booked.
 */
export async function bookDuePlanFees(db: Db, now: Date = new Date()): Promise<number> {
  let booked = 0;
  // A seller more than a year behind (a stopped server) catches up one year a round.
  for (let round = 0; round < 10; round++) {
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`insert into ledger_entries (seller_id, amount_ore, kind, base_ore, period_start, note, booking_key)
          select s.user_id, -f.yearly_fee_ore, 'plan_fee', f.yearly_fee_ore, last.start + interval '1 year',
                 'Plan ' || s.plan || ', yearly fee.',
                 'plan_fee:' || s.user_id::text || ':'
                   || extract(year from (last.start + interval '1 year') at time zone 'UTC')::int::text
          from sellers s
          join users u on u.id = s.user_id and u.is_seller and u.deleted_at is null
          join fee_settings f on f.plan = s.plan
          join lateral (
            select max(e.period_start) as start from ledger_entries e
            where e.seller_id = s.user_id and e.kind = 'plan_fee'
          ) last on last.start is not null
          where s.plan in ('2', '3') and last.start + interval '1 year' <= ${now.toISOString()}::timestamptz
          on conflict (booking_key) do nothing
          returning id`,
    );
    booked += rows.length;
    if (rows.length === 0) break;
  }
  return booked;
}

/** How often each instance looks for plan fees due: hourly (a fee a few minutes late is fine). */
export const PLAN_FEE_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Books due yearly plan fees every hour until stopped (lib/periodic-sweep.ts). */
export function startPlanFeeSweep(
  inBackground: BackgroundChanges,
  log: SweepLog & { info(obj: object, msg: string): void },
): () => Promise<void> {
  return startPeriodicSweep(
    PLAN_FEE_SWEEP_INTERVAL_MS,
    async () => {
      // The ledger shows in no cached answer: its bookings drop nothing.
      const booked = await inBackground(bookDuePlanFees, () => []);
      if (booked > 0) log.info({ booked }, 'yearly plan fees booked');
    },
    log,
    'booking yearly plan fees failed',
  );
}
