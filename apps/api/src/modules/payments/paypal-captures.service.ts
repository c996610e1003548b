/**
 * The record of every PayPal capture the server verified (table paypal_captures), and the refund
 * of each one that paid nothing (docs/security.md: the capture rule).
 *
 * - Booking a capture locks its order's row, so it is decided against the order as it is then:
 *   a cancel, an expiry or another capture of the same order waits or is waited for. The capture
 *   id is the key: a retried or racing call for a capture already booked books nothing and reads
 *   the first call's outcome.
 * - A capture that pays nothing is refunded through PayPal at once and, until PayPal accepts the
 *   refund, again by a periodic sweep. A refund call first claims its capture by moving
 *   `next_attempt_at` forward, so two instances rarely call PayPal for the same one; when they
 *   do, the same PayPal-Request-Id makes PayPal refund once.
 */

import type { PaymentRefund, PaypalCaptureRecord } from '@torget/shared/api-types.generated';
import { COMMISSION_VAT_BP, DEFAULT_PLAN_FEES } from '@torget/shared/rules/ledger';
import { oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { and, type Column, count, desc, eq, getTableColumns, lte, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { orders, paypalCaptures } from '#api/db/schema.ts';
import { countCaptureBooked } from '#api/lib/business-counts.ts';
import type { BackgroundChanges } from '#api/lib/cache-changes.ts';
import { type SweepLog, startPeriodicSweep } from '#api/lib/periodic-sweep.ts';
import type { OrderRow } from '#api/modules/orders/order-json.ts';
import { type PaypalClient, PaypalRefundRefusedError, PaypalUnavailableError } from './paypal-client';

export type CaptureRow = typeof paypalCaptures.$inferSelect;
export type CaptureOutcome = CaptureRow['outcome'];

/** A completed capture PayPal confirmed for one of our orders, as read from PayPal. */
export interface VerifiedCapture {
  captureId: string;
  paypalOrderId: string;
  orderId: string;
  amountOre: number;
  currency: string;
  /** Whether its amount and currency are the order's total in SEK. */
  paysTotal: boolean;
  /** What the order keeps as its payment result when this capture pays it. */
  paymentResult: { id: string; status: string; update_time: string; email_address: string };
}

export interface Booking {
  capture: CaptureRow;
  /** False when the capture was booked before (a retry, or a call that raced this one). */
  isNew: boolean;
  /** The order as it is after the booking. */
  order: OrderRow;
}

/**
 * Books a verified capture once: stores it with its outcome and, when it pays its order, marks the
 * order paid and books the sale in the ledger, all in one statement. A capture id booked before
 * answers its stored row.
 */
export async function bookCapture(db: Db, capture: VerifiedCapture): Promise<Booking> {
  const booking = await bookCaptureOnce(db, capture);
  // Counted once it is committed, for the metrics (a retry finds it booked and is not counted).
  if (booking.isNew) countCaptureBooked(booking.capture.outcome);
  return booking;
}

/**
 * A table's columns as they are named in `from` (a row the query made, not the table itself),
 * each read as its column: Drizzle then gives exactly what its select of the table gives (Dates,
 * numbers, jsonb as objects).
 */
function columnsAs<T extends PgTable>(
  table: T,
  name: string,
): { [K in keyof T['$inferSelect']]: SQL<T['$inferSelect'][K]> } {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql`${sql.identifier(name)}.${sql.identifier(column.name)}`.mapWith(column),
    ]),
  ) as { [K in keyof T['$inferSelect']]: SQL<T['$inferSelect'][K]> };
}

/**
 * The booking: db/sql/92-paypal-captures.sql's torget_book_paypal_capture, which locks the order's
 * row, decides the outcome (a paid order: 'duplicate'; a cancelled one: 'expired' or 'cancelled';
 * else 'paid' or 'wrong_amount'), stores the capture once by its id, and when it pays marks the
 * order paid and books the sale in the ledger (docs/decisions/210-ledger-booked-with-the-event.md).
 * One statement is one transaction and one round trip; prepared once, so it is planned once per
 * connection. Its row and order come back as the tables' own columns, so Drizzle reads them
 * exactly as its selects of the tables do.
 */
const bookCaptureStatementOf = preparedOnce(
  (db: Db) =>
    db
      .select({
        isNew: sql<boolean>`booking.is_new`,
        order: columnsAs(orders, 'booked_order'),
        capture: columnsAs(paypalCaptures, 'booked_capture'),
      })
      .from(
        sql`torget_book_paypal_capture(${sql.placeholder('captureId')}::text, ${sql.placeholder('paypalOrderId')}::text,
              ${sql.placeholder('orderId')}::uuid, ${sql.placeholder('amountOre')}::bigint,
              ${sql.placeholder('currency')}::text, ${sql.placeholder('paysTotal')}::boolean,
              ${sql.placeholder('paymentResult')}::jsonb, ${sql.placeholder('defaultCommissionBp')}::int,
              ${sql.placeholder('commissionVatBp')}::int) as booking
            cross join lateral (select (booking.order_row).*) as booked_order
            cross join lateral (select (booking.capture_row).*) as booked_capture`,
      )
      .prepare('book_paypal_capture'),
  { writes: true },
);

async function bookCaptureOnce(db: Db, capture: VerifiedCapture): Promise<Booking> {
  const [booked] = await bookCaptureStatementOf(db).execute({
    captureId: capture.captureId,
    paypalOrderId: capture.paypalOrderId,
    orderId: capture.orderId,
    amountOre: capture.amountOre,
    currency: capture.currency,
    paysTotal: capture.paysTotal,
    paymentResult: JSON.stringify(capture.paymentResult),
    defaultCommissionBp: DEFAULT_PLAN_FEES['1'].commissionBp,
    commissionVatBp: COMMISSION_VAT_BP,
  });
  // The function raises rather than answer nothing (an order that does not exist).
  if (!booked) throw new Error(`capture ${capture.captureId} of order ${capture.orderId} was not booked`);
  return { capture: booked.capture, isNew: booked.isNew, order: booked.order };
}

/** The PayPal-Request-Id of a capture's refund: the same for every attempt, so PayPal refunds once. */
export const refundRequestId = (captureId: string) => `torget-refund-${captureId}`;

/** How long a claimed refund call may take before another caller may try (the client times out at 15 s). */
const CLAIM_LEASE_SECONDS = 120;
/** After a failed attempt the next waits 1, 2, 4 … minutes, at most an hour. */
const MAX_BACKOFF_MINUTES = 60;

/** Minutes to wait after the `attempts`-th failed attempt: 1, 2, 4 … then the cap. */
export function backoffMinutes(attempts: number): number {
  return Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.min(Math.max(attempts - 1, 0), 10));
}

/**
 * Claims a due refund for one call: moves its next attempt past the lease and counts the attempt.
 * `anyTime` (an admin's retry) claims it even before its next attempt is due.
 */
async function claimRefund(db: Db, captureId: string, anyTime: boolean): Promise<CaptureRow | null> {
  const [claimed] = await db
    .update(paypalCaptures)
    .set({
      attempts: sql`${paypalCaptures.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paypalCaptures.captureId, captureId),
        eq(paypalCaptures.refundState, 'due'),
        anyTime ? undefined : lte(paypalCaptures.nextAttemptAt, sql`now()`),
      ),
    )
    .returning();
  return claimed ?? null;
}

const NOTE_TO_PAYER = 'Torget: refund of a payment that could not pay its order.';

/**
 * Refunds a claimed capture through PayPal and records the answer: 'sent' when PayPal accepted it
 * (COMPLETED or PENDING), else the error and when to try again.
 */
async function refundClaimed(db: Db, paypal: PaypalClient, claimed: CaptureRow): Promise<CaptureRow> {
  let result: { refundId: string | null; status: string } | { error: string };
  try {
    const refund = await paypal.refundCapture({
      captureId: claimed.captureId,
      amountOre: claimed.amountOre,
      currency: claimed.currency,
      invoiceId: claimed.orderId,
      noteToPayer: NOTE_TO_PAYER,
      requestId: refundRequestId(claimed.captureId),
    });
    result =
      refund.status === 'COMPLETED' || refund.status === 'PENDING'
        ? { refundId: refund.id, status: refund.status }
        : { error: `PayPal answered the refund with status ${refund.status}.` };
  } catch (error) {
    // Refunded already, outside this request id (in PayPal's dashboard, or after PayPal forgot the
    // id): the money is back with the buyer, which is all the record needs to say.
    if (error instanceof PaypalRefundRefusedError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
      result = { refundId: null, status: error.issue };
    } else if (error instanceof PaypalUnavailableError || error instanceof PaypalRefundRefusedError) {
      result = { error: error.message };
    } else {
      throw error;
    }
  }
  const [recorded] = await db
    .update(paypalCaptures)
    .set(
      'error' in result
        ? {
            lastError: result.error,
            nextAttemptAt: sql`now() + make_interval(mins => ${backoffMinutes(claimed.attempts)})`,
            updatedAt: sql`now()`,
          }
        : {
            refundState: 'sent',
            paypalRefundId: result.refundId,
            paypalRefundStatus: result.status,
            refundedAt: sql`now()`,
            lastError: null,
            nextAttemptAt: null,
            updatedAt: sql`now()`,
          },
    )
    .where(and(eq(paypalCaptures.captureId, claimed.captureId), eq(paypalCaptures.refundState, 'due')))
    .returning();
  if (recorded) return recorded;
  // Another caller recorded the refund meanwhile (same request id, so the same refund).
  const [now] = await db.select().from(paypalCaptures).where(eq(paypalCaptures.captureId, claimed.captureId));
  return now ?? claimed;
}

/**
 * Tries a capture's refund now if it is due and no other call holds it; answers the capture as
 * it is afterwards, or null when there was nothing to try.
 */
export async function refundIfDue(
  db: Db,
  paypal: PaypalClient,
  captureId: string,
  anyTime = false,
): Promise<CaptureRow | null> {
  const claimed = await claimRefund(db, captureId, anyTime);
  return claimed ? refundClaimed(db, paypal, claimed) : null;
}

/** How many due refunds one sweep tries; the rest wait for the next sweep. */
const REFUND_SWEEP_BATCH = 50;

/** One sweep: tries every refund whose next attempt is due. Answers how many PayPal accepted. */
export async function retryDueRefunds(db: Db, paypal: PaypalClient): Promise<{ tried: number; sent: number }> {
  const due = await db
    .select({ captureId: paypalCaptures.captureId })
    .from(paypalCaptures)
    .where(and(eq(paypalCaptures.refundState, 'due'), lte(paypalCaptures.nextAttemptAt, sql`now()`)))
    .orderBy(paypalCaptures.nextAttemptAt)
    .limit(REFUND_SWEEP_BATCH);
  let tried = 0;
  let sent = 0;
  for (const { captureId } of due) {
    const after = await refundIfDue(db, paypal, captureId);
    if (!after) continue;
    tried++;
    if (after.refundState === 'sent') sent++;
  }
  return { tried, sent };
}

/** How often each instance retries due refunds. */
export const REFUND_SWEEP_INTERVAL_MS = 60_000;

/** Retries due refunds every minute until stopped (lib/periodic-sweep.ts). */
export function startRefundSweep(
  paypal: PaypalClient,
  log: SweepLog & { info(obj: object, msg: string): void },
  inBackground: BackgroundChanges,
): () => Promise<void> {
  return startPeriodicSweep(
    REFUND_SWEEP_INTERVAL_MS,
    async () => {
      // A refund's state shows on its order's page, which no cache keeps: it changes no cached answer.
      const { tried, sent } = await inBackground(
        (db) => retryDueRefunds(db, paypal),
        () => [],
      );
      if (tried > 0) log.info({ tried, sent }, 'PayPal refunds retried');
    },
    log,
    'retrying PayPal refunds failed',
  );
}

/** The captures of an order that paid nothing, oldest first: what its page tells the buyer. */
export async function refundedCapturesOf(db: Db, orderId: string): Promise<CaptureRow[]> {
  return db
    .select()
    .from(paypalCaptures)
    .where(and(eq(paypalCaptures.orderId, orderId), sql`${paypalCaptures.refundState} <> 'none'`))
    .orderBy(paypalCaptures.createdAt, paypalCaptures.captureId);
}

/** A capture that paid nothing, as its order's page shows it (null for the one that paid). */
export function paymentRefundJson(row: CaptureRow): PaymentRefund | null {
  if (row.outcome === 'paid') return null;
  return {
    amount: oreToSek(row.amountOre),
    currency: row.currency,
    reason: row.outcome,
    state: row.refundState === 'sent' ? 'sent' : 'due',
    receivedAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** A capture as the admin's list shows it. */
export function captureRecordJson(row: CaptureRow & { orderNumber: number }): PaypalCaptureRecord {
  return {
    captureId: row.captureId,
    paypalOrderId: row.paypalOrderId,
    orderId: row.orderId,
    orderNumber: formatOrderNumber(row.orderNumber),
    amount: oreToSek(row.amountOre),
    currency: row.currency,
    outcome: row.outcome,
    refundState: row.refundState,
    paypalRefundId: row.paypalRefundId,
    paypalRefundStatus: row.paypalRefundStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export type CaptureListState = 'unrefunded' | 'refunded' | 'all';

/** Captures for the admin, newest first: those still to refund, those refunded, or all. */
export async function listCaptures(
  db: Db,
  state: CaptureListState,
  page: { size: number; offset: number },
): Promise<{ rows: (CaptureRow & { orderNumber: number })[]; total: number }> {
  const where =
    state === 'unrefunded'
      ? eq(paypalCaptures.refundState, 'due')
      : state === 'refunded'
        ? eq(paypalCaptures.refundState, 'sent')
        : undefined;
  const rows = await db
    .select({ capture: paypalCaptures, orderNumber: orders.number })
    .from(paypalCaptures)
    .innerJoin(orders, eq(orders.id, paypalCaptures.orderId))
    .where(where)
    .orderBy(desc(paypalCaptures.createdAt), desc(paypalCaptures.captureId))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(paypalCaptures).where(where);
  return { rows: rows.map((r) => ({ ...r.capture, orderNumber: r.orderNumber })), total: total?.n ?? 0 };
}

/** A capture with its order's number, or null when there is none by that id. */
export async function captureById(db: Db, captureId: string): Promise<(CaptureRow & { orderNumber: number }) | null> {
  const [row] = await db
    .select({ capture: paypalCaptures, orderNumber: orders.number })
    .from(paypalCaptures)
    .innerJoin(orders, eq(orders.id, paypalCaptures.orderId))
    .where(eq(paypalCaptures.captureId, captureId));
  return row ? { ...row.capture, orderNumber: row.orderNumber } : null;
}
