/**
 * Reading the ledger (a seller's statement, every seller's balance, entries by seller, order or
 * month), an admin's correction, and the fees of each plan. A balance is the sum of a seller's
 * entries, always computed, never stored. Months are calendar months in Sweden.
 */
import type {
  FeeSettings,
  LedgerEarningsMonth,
  LedgerEntry,
  LedgerSellerBalance,
  LedgerStatement,
} from '@torget/shared/api-types.generated';
import {
  BASIS_POINTS,
  bpToPercent,
  COMMISSION_VAT_BP,
  DEFAULT_PLAN_FEES,
  heldOre,
  WITHDRAWAL_DAYS,
} from '@torget/shared/rules/ledger';
import { type StatementCsvRow, statementAmount } from '@torget/shared/rules/ledger-statement';
import { oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber, parseOrderNumber } from '@torget/shared/rules/order-number';
import { PLAN_CODES, type PlanCode } from '@torget/shared/rules/plans';
import { SALES_TIME_ZONE } from '@torget/shared/rules/sales-overview';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { feeSettings, ledgerEntries, siteSettings, users } from '#api/db/schema.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import type { Paged, PageRequest } from '#api/lib/paging.ts';

export const SELLER_NOT_FOUND = 'Seller not found.';

type EntryRow = typeof ledgerEntries.$inferSelect;

/** An order's n-th booking is `order:<id>:<n>:<kind>`; an even n undoes the one before it. */
function isReversalKey(key: string): boolean {
  const match = /^order:[^:]+:(\d+):/.exec(key);
  return match !== null && Number(match[1]) % 2 === 0;
}

export function ledgerEntryJson(row: EntryRow): LedgerEntry {
  return {
    _id: String(row.id),
    seller: row.sellerId,
    kind: row.kind,
    amount: oreToSek(row.amountOre),
    order: row.orderId,
    orderNumber: row.orderNumber === null ? null : formatOrderNumber(row.orderNumber),
    payout: row.payoutId,
    rate: row.rateBp === null ? null : bpToPercent(row.rateBp),
    base: row.baseOre === null ? null : oreToSek(row.baseOre),
    periodStart: row.periodStart?.toISOString() ?? null,
    note: row.note,
    reversal: isReversalKey(row.bookingKey),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The current calendar month in Sweden, 'YYYY-MM'. */
export function currentMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: SALES_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
}

/** The first moment of `month` ('YYYY-MM') in Sweden, as SQL. */
const monthStart = (month: string): SQL => sql`((${`${month}-01`})::date)::timestamp at time zone ${SALES_TIME_ZONE}`;
/** The first moment of the month after `month`, as SQL. */
const monthEnd = (month: string): SQL =>
  sql`(((${`${month}-01`})::date + interval '1 month')::date)::timestamp at time zone ${SALES_TIME_ZONE}`;

/** Entries of `month` (Sweden), as a condition. */
const inMonth = (month: string): SQL | undefined =>
  and(gte(ledgerEntries.createdAt, monthStart(month)), lt(ledgerEntries.createdAt, monthEnd(month)));

/** The sum of entries matching `where`, in öre. */
async function sumWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${ledgerEntries.amountOre}), 0)` })
    .from(ledgerEntries)
    .where(where);
  return Number(row?.total ?? 0);
}

/**
 * What each of `sellerIds` has held back at `now`: per order not yet past delivery and the
 * withdrawal period, what its entries credit the seller (rules/ledger.ts, heldOre).
 */
export async function heldBySeller(db: Db, sellerIds: string[] | null, now: Date): Promise<Map<string, number>> {
  const rows = await queryRows<{ seller_id: string; net: string | number; delivered_at: string | Date | null }>(
    db,
    sql`select e.seller_id, sum(e.amount_ore) as net, o.delivered_at
        from ledger_entries e join orders o on o.id = e.order_id
        where e.order_id is not null
          ${
            sellerIds === null
              ? sql``
              : sql`and e.seller_id in (${sql.join(
                  sellerIds.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
          }
          and (not o.is_delivered or o.delivered_at is null
               or o.delivered_at + make_interval(days => ${WITHDRAWAL_DAYS}) > ${now.toISOString()}::timestamptz)
        group by e.seller_id, e.order_id, o.delivered_at`,
  );
  const bySeller = new Map<string, { netOre: number; deliveredAt: Date | null }[]>();
  for (const row of rows) {
    const list = bySeller.get(row.seller_id) ?? [];
    list.push({ netOre: Number(row.net), deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at) });
    bySeller.set(row.seller_id, list);
  }
  return new Map([...bySeller].map(([seller, orders]) => [seller, heldOre(orders, now)]));
}

/** GET /api/ledger/mine: the seller's balance, held money and the entries of one month. */
export async function sellerStatement(
  db: Db,
  sellerId: string,
  month: string = currentMonth(),
  now: Date = new Date(),
): Promise<LedgerStatement> {
  const mine = eq(ledgerEntries.sellerId, sellerId);
  const balance = await sumWhere(db, mine);
  const opening = await sumWhere(db, and(mine, lt(ledgerEntries.createdAt, monthStart(month))));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(and(mine, inMonth(month)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const held = await heldBySeller(db, [sellerId], now);
  let closing = opening;
  for (const entry of entries) closing += entry.amountOre;
  return {
    balance: oreToSek(balance),
    held: oreToSek(held.get(sellerId) ?? 0),
    month,
    opening: oreToSek(opening),
    closing: oreToSek(closing),
    entries: entries.map(ledgerEntryJson),
  };
}

/**
 * GET /api/ledger/sellers: every seller's balance and held money: the sellers and former sellers
 * with entries, and every seller without, at 0. Highest balance first, then by name.
 */
export async function sellerBalances(db: Db, now: Date = new Date()): Promise<LedgerSellerBalance[]> {
  const rows = await queryRows<{ id: string; name: string; balance: string | number }>(
    db,
    sql`select u.id, u.name, coalesce(b.balance, 0) as balance
        from users u
        left join (select seller_id, sum(amount_ore) as balance from ledger_entries group by seller_id) b
          on b.seller_id = u.id
        where u.is_seller or b.seller_id is not null
        order by coalesce(b.balance, 0) desc, u.name, u.id`,
  );
  const held = await heldBySeller(db, null, now);
  return rows.map((row) => ({
    seller: row.id,
    name: row.name,
    balance: oreToSek(Number(row.balance)),
    held: oreToSek(held.get(row.id) ?? 0),
  }));
}

/** Refuses (404) a seller id that names no seller, former seller or applicant. */
export async function requireSeller(db: Db, sellerId: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, sellerId),
        or(
          eq(users.isSeller, true),
          sql`exists (select 1 from ledger_entries e where e.seller_id = ${users.id})`,
          sql`exists (select 1 from sellers s where s.user_id = ${users.id})`,
        ),
      ),
    );
  if (!row) throw notFound(SELLER_NOT_FOUND);
}

/** Entries of an order given by its id or its number (`T-100001`). */
function orderCondition(order: string): SQL {
  const number = parseOrderNumber(order);
  return number === null ? eq(ledgerEntries.orderId, order) : eq(ledgerEntries.orderNumber, number);
}

/** GET /api/ledger: entries by seller, order (id or number) and month, newest first, a page at a time. */
export async function listEntries(
  db: Db,
  filter: { seller?: string | undefined; order?: string | undefined; month?: string | undefined },
  page: PageRequest,
): Promise<Paged<LedgerEntry>> {
  if (filter.seller) await requireSeller(db, filter.seller);
  const where = and(
    filter.seller ? eq(ledgerEntries.sellerId, filter.seller) : undefined,
    filter.order ? orderCondition(filter.order) : undefined,
    filter.month ? inMonth(filter.month) : undefined,
  );
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(where);
  return { rows: rows.map(ledgerEntryJson), total: total?.n ?? 0 };
}

/**
 * POST /api/ledger/corrections: an admin's correction, a new entry with its note and author.
 * Its key is new each time: two corrections of the same amount are two decisions.
 */
export const CORRECTION_KEY_REUSED = 'This Idempotency-Key was already used for another correction.';

/**
 * Books an admin's correction. With `idempotencyKey` (the request's Idempotency-Key header) it
 * books once however often the request is sent: a repeat answers the entry booked first, and the
 * key given with another correction is refused (409). Without one, each call books.
 */
export async function addCorrection(
  db: Db,
  adminId: string,
  input: { seller: string; amountOre: number; note: string; idempotencyKey?: string | undefined },
): Promise<LedgerEntry> {
  await requireSeller(db, input.seller);
  // The key is the admin's own: two admins' keys never meet.
  const keyed = input.idempotencyKey ? `correction:${adminId}:${input.idempotencyKey}` : null;
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      sellerId: input.seller,
      amountOre: input.amountOre,
      kind: 'correction',
      note: input.note,
      createdBy: adminId,
      bookingKey: keyed ?? sql`'correction:' || gen_random_uuid()::text`,
    })
    .onConflictDoNothing({ target: ledgerEntries.bookingKey })
    .returning();
  if (row) return ledgerEntryJson(row);
  if (!keyed) throw new Error('correction not booked');
  const [booked] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingKey, keyed));
  const same =
    booked && booked.sellerId === input.seller && booked.amountOre === input.amountOre && booked.note === input.note;
  if (!same) throw conflict(CORRECTION_KEY_REUSED);
  return ledgerEntryJson(booked);
}

/** The marketplace's Swish number ('' until an admin sets it). */
export async function marketplaceSwishNumber(db: Db): Promise<string> {
  const [row] = await db
    .select({ swishNumber: siteSettings.swishNumber })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.swishNumber ?? '';
}

/** Sets the marketplace's Swish number (already validated and normalised). */
export async function setMarketplaceSwishNumber(db: Db, swishNumber: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, swishNumber })
    .onConflictDoUpdate({ target: siteSettings.id, set: { swishNumber, updatedAt: new Date() } });
}

/** The fees of each plan: the stored row, or the default of a plan without one. */
export async function readFees(db: Db): Promise<FeeSettings> {
  const rows = await db
    .select()
    .from(feeSettings)
    .where(inArray(feeSettings.plan, [...PLAN_CODES]));
  const byPlan = new Map(rows.map((row) => [row.plan, row]));
  const plan = (code: PlanCode) => {
    const row = byPlan.get(code) ?? DEFAULT_PLAN_FEES[code];
    return { commission_percent: bpToPercent(row.commissionBp), yearly_fee: oreToSek(row.yearlyFeeOre) };
  };
  return {
    plans: { '1': plan('1'), '2': plan('2'), '3': plan('3') },
    commission_vat_percent: (COMMISSION_VAT_BP / BASIS_POINTS) * 100,
    swish_number: await marketplaceSwishNumber(db),
  };
}

/** PUT /api/fees: the plans given change; entries already booked keep the rates they used. */
export async function updateFees(
  db: Db,
  changes: Partial<Record<PlanCode, { commissionBp?: number; yearlyFeeOre?: number }>>,
  swishNumber?: string,
): Promise<FeeSettings> {
  await transaction(db, async (tx) => {
    if (swishNumber !== undefined) await setMarketplaceSwishNumber(tx, swishNumber);
    for (const code of PLAN_CODES) {
      const change = changes[code];
      if (!change || (change.commissionBp === undefined && change.yearlyFeeOre === undefined)) continue;
      const fallback = DEFAULT_PLAN_FEES[code];
      await tx
        .insert(feeSettings)
        .values({
          plan: code,
          commissionBp: change.commissionBp ?? fallback.commissionBp,
          yearlyFeeOre: change.yearlyFeeOre ?? fallback.yearlyFeeOre,
        })
        .onConflictDoUpdate({
          target: feeSettings.plan,
          set: {
            ...(change.commissionBp === undefined ? {} : { commissionBp: change.commissionBp }),
            ...(change.yearlyFeeOre === undefined ? {} : { yearlyFeeOre: change.yearlyFeeOre }),
            updatedAt: new Date(),
          },
        });
    }
  });
  return readFees(db);
}

/** Whether the user has ledger entries (an account with money history is anonymised, not deleted). */
export async function hasLedgerEntries(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * GET /api/ledger/earnings: what the marketplace earned per calendar month (Sweden), newest
 * first: the commission, its moms and the plan fees, as the sum of those entries negated (a
 * reversal lowers its month). Only months with such entries; `year` narrows to one year.
 */
export async function earningsByMonth(db: Db, year?: number): Promise<LedgerEarningsMonth[]> {
  const rows = await queryRows<{
    month: string;
    commission: string | number;
    commission_vat: string | number;
    plan_fees: string | number;
  }>(
    db,
    sql`select to_char(e.created_at at time zone ${SALES_TIME_ZONE}, 'YYYY-MM') as month,
               -coalesce(sum(e.amount_ore) filter (where e.kind = 'commission'), 0) as commission,
               -coalesce(sum(e.amount_ore) filter (where e.kind = 'commission_vat'), 0) as commission_vat,
               -coalesce(sum(e.amount_ore) filter (where e.kind = 'plan_fee'), 0) as plan_fees
        from ledger_entries e
        where e.kind in ('commission', 'commission_vat', 'plan_fee')
          ${
            year === undefined
              ? sql``
              : sql`and e.created_at >= ${monthStart(`${year}-01`)} and e.created_at < ${monthStart(`${year + 1}-01`)}`
          }
        group by 1
        order by 1 desc`,
  );
  return rows.map((row) => {
    const commission = Number(row.commission);
    const planFees = Number(row.plan_fees);
    return {
      month: row.month,
      commission: oreToSek(commission),
      commission_vat: oreToSek(Number(row.commission_vat)),
      plan_fees: oreToSek(planFees),
      earnings: oreToSek(commission + planFees),
    };
  });
}

/** The day of a moment in Sweden, 'YYYY-MM-DD'. */
function swedishDay(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: SALES_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** The last day of `month` ('YYYY-MM'), 'YYYY-MM-DD'. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/**
 * GET /api/ledger/mine/statement.csv: a month's statement as CSV rows: the opening balance on
 * the month's first day, each entry, the closing balance on its last. The entries sum from the
 * opening to the closing balance; the closing balance of the current month is the balance.
 */
export function statementRows(statement: LedgerStatement): StatementCsvRow[] {
  const rows: StatementCsvRow[] = [
    {
      date: `${statement.month}-01`,
      entry: 'opening_balance',
      order: '',
      rate: '',
      amount: statementAmount(statement.opening),
      note: '',
    },
  ];
  for (const entry of statement.entries) {
    rows.push({
      date: swedishDay(entry.createdAt),
      entry: entry.reversal ? `${entry.kind} (reversal)` : entry.kind,
      order: entry.orderNumber ?? '',
      rate: entry.rate === null ? '' : String(entry.rate),
      amount: statementAmount(entry.amount),
      note: entry.note ?? '',
    });
  }
  rows.push({
    date: lastDayOf(statement.month),
    entry: 'closing_balance',
    order: '',
    rate: '',
    amount: statementAmount(statement.closing),
    note: '',
  });
  return rows;
}
