/**
 * Payout batches (docs/decisions/250-payout-batches.md). An admin makes a batch of every seller
 * who may be paid now, downloads it as the bank's bulk payment file, and marks it sent; only then
 * does the ledger book the payouts, one entry per line keyed by the line, so however often or
 * concurrently it is marked, each seller is debited once.
 *
 * Eligible: the balance less the money still held back (orders not delivered, or delivered less
 * than the withdrawal period ago) is at least the minimum, the seller has a payout account out of
 * its hold, and no batch not yet sent has a line for them.
 */
import type { PayoutBatch, PayoutLine } from '@torget/shared/api-types.generated';
import { type Language, parseLanguage } from '@torget/shared/rules/languages';
import { WITHDRAWAL_DAYS } from '@torget/shared/rules/ledger';
import { oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { PAYOUT_MINIMUM_ORE, payableOre, payoutAccountText, payoutReference } from '@torget/shared/rules/payouts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { payoutLines, payouts, sellers, users } from '#api/db/schema.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { heldBySeller } from '#api/modules/ledger/ledger.service.ts';
import { maskedPayoutAccounts, payoutAccountsForPayout } from '#api/modules/sellers/payout-account.service.ts';

export const PAYOUT_NOT_FOUND = 'Payout batch not found.';
export const NOTHING_TO_PAY =
  'No seller can be paid now: no payable balance reaches the minimum with a usable account.';
export const ALREADY_SENT = 'This payout batch has already been marked sent.';

/** The advisory-lock key of making batches (any constant no other lock of the app uses). */
const PAYOUT_BATCH_LOCK = 7_405_250;

/** How many batches the list answers, newest first. */
const LIST_LIMIT = 100;

type BatchRow = typeof payouts.$inferSelect;

interface LineRow {
  id: string;
  payoutId: string;
  sellerId: string;
  amountOre: number;
  orderIds: string[];
  orderNumbers: number[];
  shopName: string | null;
  userName: string;
}

async function linesOf(db: Db, payoutIds: string[]): Promise<LineRow[]> {
  if (payoutIds.length === 0) return [];
  return db
    .select({
      id: payoutLines.id,
      payoutId: payoutLines.payoutId,
      sellerId: payoutLines.sellerId,
      amountOre: payoutLines.amountOre,
      orderIds: payoutLines.orderIds,
      orderNumbers: payoutLines.orderNumbers,
      shopName: sellers.name,
      userName: users.name,
    })
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.sellerId))
    .leftJoin(sellers, eq(sellers.userId, payoutLines.sellerId))
    .where(inArray(payoutLines.payoutId, payoutIds))
    .orderBy(sql`coalesce(${sellers.name}, ${users.name})`, payoutLines.sellerId);
}

const payeeOf = (line: LineRow) => line.shopName || line.userName;

async function batchesJson(db: Db, rows: BatchRow[]): Promise<PayoutBatch[]> {
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  const accounts = await maskedPayoutAccounts(db, [...new Set(lines.map((line) => line.sellerId))]);
  return rows.map((row) => {
    const mine = lines.filter((line) => line.payoutId === row.id);
    const json: PayoutLine[] = mine.map((line) => ({
      _id: line.id,
      seller: line.sellerId,
      name: payeeOf(line),
      amount: oreToSek(line.amountOre),
      account: accounts.get(line.sellerId) ?? null,
      orders: line.orderIds.map((id, i) => ({ _id: id, orderNumber: formatOrderNumber(line.orderNumbers[i] ?? 0) })),
    }));
    return {
      _id: row.id,
      number: row.number,
      reference: payoutReference(row.number),
      total: oreToSek(mine.reduce((sum, line) => sum + line.amountOre, 0)),
      minimum: oreToSek(row.minimumOre),
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      lines: json,
    };
  });
}

async function batchRow(db: Db, id: string): Promise<BatchRow> {
  if (!isUuid(id)) throw notFound(PAYOUT_NOT_FOUND);
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw notFound(PAYOUT_NOT_FOUND);
  return row;
}

/** GET /api/payouts/{id}. */
export async function readPayoutBatch(db: Db, id: string): Promise<PayoutBatch> {
  const [batch] = await batchesJson(db, [await batchRow(db, id)]);
  if (!batch) throw notFound(PAYOUT_NOT_FOUND);
  return batch;
}

/** GET /api/payouts: the newest batches first. */
export async function listPayoutBatches(db: Db): Promise<PayoutBatch[]> {
  const rows = await db.select().from(payouts).orderBy(desc(payouts.createdAt), desc(payouts.number)).limit(LIST_LIMIT);
  return batchesJson(db, rows);
}

/**
 * POST /api/payouts: a batch of every eligible seller, made under one advisory lock so two
 * admins (or two instances) making batches at once run one after the other: the second sees the
 * first's lines and leaves those sellers out. The partial unique index on unsent lines refuses
 * it in the database too. 409 when nobody can be paid.
 */
export async function createPayoutBatch(
  db: Db,
  adminId: string,
  minimumOre: number = PAYOUT_MINIMUM_ORE,
  now: Date = new Date(),
): Promise<PayoutBatch> {
  const id = await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PAYOUT_BATCH_LOCK))})`);
    const balances = await queryRows<{ seller_id: string; balance: string | number }>(
      tx,
      sql`select e.seller_id, sum(e.amount_ore) as balance
          from ledger_entries e
          where not exists (select 1 from payout_lines l where l.seller_id = e.seller_id and l.sent_at is null)
          group by e.seller_id
          having sum(e.amount_ore) >= ${minimumOre}::bigint`,
    );
    if (balances.length === 0) return null;
    const held = await heldBySeller(
      tx,
      balances.map((row) => row.seller_id),
      now,
    );
    const accounts = await payoutAccountsForPayout(
      tx,
      balances.map((row) => row.seller_id),
    );
    const due: { sellerId: string; amountOre: number }[] = [];
    for (const row of balances) {
      const amountOre = payableOre(Number(row.balance), held.get(row.seller_id) ?? 0, minimumOre);
      if (amountOre === 0) continue;
      const usableAt = accounts.get(row.seller_id)?.usableAt;
      if (usableAt === undefined || usableAt > now) continue;
      due.push({ sellerId: row.seller_id, amountOre });
    }
    if (due.length === 0) return null;

    // The orders each payment releases: past delivery and the withdrawal period, crediting the
    // seller, and in no earlier line of theirs.
    const covered = await queryRows<{ seller_id: string; order_id: string; order_number: string | number }>(
      tx,
      sql`select e.seller_id, e.order_id, max(e.order_number) as order_number
          from ledger_entries e join orders o on o.id = e.order_id
          where e.seller_id in (${sql.join(
            due.map((d) => sql`${d.sellerId}::uuid`),
            sql`, `,
          )})
            and o.is_delivered and o.delivered_at is not null
            and o.delivered_at + make_interval(days => ${WITHDRAWAL_DAYS}) <= ${now.toISOString()}::timestamptz
            and not exists (
              select 1 from payout_lines l where l.seller_id = e.seller_id and e.order_id = any(l.order_ids)
            )
          group by e.seller_id, e.order_id
          having sum(e.amount_ore) > 0
          order by max(e.order_number)`,
    );

    const [batch] = await tx
      .insert(payouts)
      .values({ minimumOre, createdBy: adminId, createdAt: now })
      .returning({ id: payouts.id });
    if (!batch) throw new Error('payout batch not created');
    await tx.insert(payoutLines).values(
      due.map((d) => {
        const orders = covered.filter((row) => row.seller_id === d.sellerId);
        return {
          payoutId: batch.id,
          sellerId: d.sellerId,
          amountOre: d.amountOre,
          orderIds: orders.map((row) => row.order_id),
          orderNumbers: orders.map((row) => Number(row.order_number)),
        };
      }),
    );
    return batch.id;
  });
  if (id === null) throw conflict(NOTHING_TO_PAY);
  return readPayoutBatch(db, id);
}

/** One row of the bank's bulk payment file. */
export interface PayoutFileRow {
  payee: string;
  accountType: string;
  account: string;
  bic: string;
  amount: string;
  reference: string;
}

/**
 * GET /api/payouts/{id}/file: the lines with each seller's whole account, read here on the server
 * for the file only. A seller whose account is gone since the batch was made has an empty account
 * cell, which the bank's upload refuses, rather than being left out silently.
 */
export async function payoutFileRows(db: Db, id: string): Promise<{ batch: BatchRow; rows: PayoutFileRow[] }> {
  const batch = await batchRow(db, id);
  const lines = await linesOf(db, [batch.id]);
  const accounts = await payoutAccountsForPayout(
    db,
    lines.map((line) => line.sellerId),
  );
  const rows: PayoutFileRow[] = [];
  for (const line of lines) {
    const account = accounts.get(line.sellerId);
    rows.push({
      payee: payeeOf(line),
      accountType: account?.type ?? '',
      account: account ? payoutAccountText(account) : '',
      bic: account?.bic ?? '',
      amount: oreToSek(line.amountOre).toFixed(2),
      reference: payoutReference(batch.number),
    });
  }
  return { batch, rows };
}

/** What a seller's mail about a sent payout needs. */
export interface SentPayoutLine {
  /** `language`: the seller's UI language on their latest order that recorded it; null when none did. */
  seller: { name: string; email: string; language: Language | null };
  amountOre: number;
  orderNumbers: number[];
  reference: string;
}

/**
 * PUT /api/payouts/{id}/sent: in one transaction, the batch is marked sent (only if it was not:
 * a second or concurrent call finds it sent and answers 409) and each line books its 'payout'
 * entry, keyed `payout:<line id>` so nothing can book a line twice.
 */
export async function markPayoutSent(
  db: Db,
  id: string,
  adminId: string,
): Promise<{ batch: PayoutBatch; lines: SentPayoutLine[] }> {
  if (!isUuid(id)) throw notFound(PAYOUT_NOT_FOUND);
  const marked = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ sentAt: sql`now()`, sentBy: adminId })
      .where(sql`${payouts.id} = ${id} and ${payouts.sentAt} is null`)
      .returning();
    if (!row) return null;
    await tx.update(payoutLines).set({ sentAt: row.sentAt }).where(eq(payoutLines.payoutId, id));
    await tx.execute(
      sql`insert into ledger_entries (seller_id, amount_ore, kind, payout_id, note, created_by, booking_key)
          select l.seller_id, -l.amount_ore, 'payout', l.payout_id, ${`Payout ${payoutReference(row.number)}.`},
                 ${adminId}::uuid, 'payout:' || l.id::text
          from payout_lines l where l.payout_id = ${id}
          order by l.id
          on conflict (booking_key) do nothing`,
    );
    return row;
  });
  if (!marked) {
    await batchRow(db, id); // 404 when there is no such batch
    throw conflict(ALREADY_SENT);
  }
  const lines = await linesOf(db, [marked.id]);
  const emails = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        lines.map((line) => line.sellerId),
      ),
    );
  const byId = new Map(emails.map((row) => [row.id, row]));
  const languages = await queryRows<{ seller_id: string; seller_language: string }>(
    db,
    sql`select distinct on (seller_id) seller_id, seller_language from orders
        where seller_id in (${sql.join(
          lines.map((line) => sql`${line.sellerId}::uuid`),
          sql`, `,
        )}) and seller_language is not null
        order by seller_id, updated_at desc`,
  );
  const languageOf = new Map(languages.map((row) => [row.seller_id, parseLanguage(row.seller_language)]));
  const sent: SentPayoutLine[] = [];
  for (const line of lines) {
    const user = byId.get(line.sellerId);
    if (!user) continue;
    sent.push({
      seller: { name: payeeOf(line), email: user.email, language: languageOf.get(line.sellerId) ?? null },
      amountOre: line.amountOre,
      orderNumbers: line.orderNumbers,
      reference: payoutReference(marked.number),
    });
  }
  const [batch] = await batchesJson(db, [marked]);
  if (!batch) throw notFound(PAYOUT_NOT_FOUND);
  return { batch, lines: sent };
}
