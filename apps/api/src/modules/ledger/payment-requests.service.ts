/**
 * Payment requests (docs/decisions/212-seller-payment-requests.md): a seller whose balance is
 * negative is asked to pay it by Swish to the marketplace's number, with the request's reference
 * as the message; an admin marks it received when the money is in, which books one
 * 'seller_payment' entry keyed by the request. A seller has at most one open request.
 */
import type { SellerPaymentRequest } from '@torget/shared/api-types.generated';
import { paymentRequestReference } from '@torget/shared/rules/ledger-statement';
import { oreToSek } from '@torget/shared/rules/money';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { ledgerEntries, sellerPaymentRequests, users } from '#api/db/schema.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { marketplaceSwishNumber, requireSeller } from './ledger.service';

export const NO_SWISH_NUMBER = 'Set the marketplace’s Swish number (Finances) before asking sellers to pay.';
export const OWES_NOTHING = 'This seller owes the marketplace nothing.';
export const REQUEST_OPEN = 'This seller already has an open payment request.';
export const REQUEST_NOT_FOUND = 'Payment request not found.';

/** How many received requests the admin's list shows, newest first, after the open ones. */
const RECEIVED_SHOWN = 50;

type Row = typeof sellerPaymentRequests.$inferSelect;

function requestJson(row: Row, name: string): SellerPaymentRequest {
  return {
    _id: row.id,
    number: row.number,
    reference: paymentRequestReference(row.number),
    seller: row.sellerId,
    name,
    amount: oreToSek(row.amountOre),
    swishNumber: row.swishNumber,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
  };
}

const withName = { request: sellerPaymentRequests, name: users.name };

/**
 * POST /api/ledger/payment-requests: asks the seller for what they owe now (minus their balance).
 * 409 when they owe nothing, already have an open request, or the marketplace has no Swish number.
 * Two at once make one: the open-request index refuses the second.
 */
export async function createPaymentRequest(db: Db, adminId: string, sellerId: string): Promise<SellerPaymentRequest> {
  await requireSeller(db, sellerId);
  const swishNumber = await marketplaceSwishNumber(db);
  if (swishNumber === '') throw conflict(NO_SWISH_NUMBER);
  const row = await transaction(db, async (tx) => {
    const [sum] = await tx
      .select({ balance: sql<string | number>`coalesce(sum(${ledgerEntries.amountOre}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, sellerId));
    const owed = -Number(sum?.balance ?? 0);
    if (owed <= 0) throw conflict(OWES_NOTHING);
    const [inserted] = await tx
      .insert(sellerPaymentRequests)
      .values({ sellerId, amountOre: owed, swishNumber, createdBy: adminId })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(REQUEST_OPEN);
    return inserted;
  });
  return readPaymentRequest(db, row.id);
}

async function readPaymentRequest(db: Db, id: string): Promise<SellerPaymentRequest> {
  const [found] = await db
    .select(withName)
    .from(sellerPaymentRequests)
    .innerJoin(users, eq(users.id, sellerPaymentRequests.sellerId))
    .where(eq(sellerPaymentRequests.id, id));
  if (!found) throw notFound(REQUEST_NOT_FOUND);
  return requestJson(found.request, found.name);
}

/** GET /api/ledger/payment-requests: the open requests, then the latest received ones. */
export async function listPaymentRequests(db: Db): Promise<SellerPaymentRequest[]> {
  const open = await db
    .select(withName)
    .from(sellerPaymentRequests)
    .innerJoin(users, eq(users.id, sellerPaymentRequests.sellerId))
    .where(isNull(sellerPaymentRequests.receivedAt))
    .orderBy(desc(sellerPaymentRequests.createdAt), desc(sellerPaymentRequests.number));
  const received = await db
    .select(withName)
    .from(sellerPaymentRequests)
    .innerJoin(users, eq(users.id, sellerPaymentRequests.sellerId))
    .where(isNotNull(sellerPaymentRequests.receivedAt))
    .orderBy(desc(sellerPaymentRequests.receivedAt), desc(sellerPaymentRequests.number))
    .limit(RECEIVED_SHOWN);
  return [...open, ...received].map((row) => requestJson(row.request, row.name));
}

/** The seller's open request, for their Finances (GET /api/ledger/mine). */
export async function openPaymentRequest(db: Db, sellerId: string): Promise<SellerPaymentRequest | null> {
  const [found] = await db
    .select(withName)
    .from(sellerPaymentRequests)
    .innerJoin(users, eq(users.id, sellerPaymentRequests.sellerId))
    .where(and(eq(sellerPaymentRequests.sellerId, sellerId), isNull(sellerPaymentRequests.receivedAt)));
  return found ? requestJson(found.request, found.name) : null;
}

/**
 * PUT /api/ledger/payment-requests/{id}/received: the money is in. Marks the request received
 * and books +amount as 'seller_payment' (key `seller_payment:<request id>`) in one transaction.
 * Of two calls at once PostgreSQL lets one update the row; the other, and any later repeat, books
 * nothing and answers the request as received (a PUT may be repeated).
 */
export async function markPaymentReceived(db: Db, adminId: string, id: string): Promise<SellerPaymentRequest> {
  if (!isUuid(id)) throw notFound(REQUEST_NOT_FOUND);
  await transaction(db, async (tx) => {
    const [marked] = await tx
      .update(sellerPaymentRequests)
      .set({ receivedAt: new Date(), receivedBy: adminId })
      .where(and(eq(sellerPaymentRequests.id, id), isNull(sellerPaymentRequests.receivedAt)))
      .returning();
    if (!marked) return;
    await tx
      .insert(ledgerEntries)
      .values({
        sellerId: marked.sellerId,
        amountOre: marked.amountOre,
        kind: 'seller_payment',
        note: `Swish, ${paymentRequestReference(marked.number)}.`,
        createdBy: adminId,
        bookingKey: `seller_payment:${marked.id}`,
      })
      .onConflictDoNothing({ target: ledgerEntries.bookingKey });
  });
  return readPaymentRequest(db, id);
}
