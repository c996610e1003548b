/**
 * A seller's payout account (docs/decisions/220-payout-account.md): set by the seller, read back
 * masked by the seller and admins, and read in full only here on the server, for the payout batch.
 * A change holds payouts for PAYOUT_HOLD_DAYS from `changed_at`.
 */
import type { MaskedPayoutAccount, PayoutAccountAnswer } from '@torget/shared/api-types.generated';
import { maskAccountNumber, type PayoutAccountDetails, payoutUsableAt } from '@torget/shared/rules/payout-account';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { sellerPayoutAccounts, sellers } from '#api/db/schema.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';

export const SELLER_NOT_FOUND = 'Seller Not Found';

type AccountRow = typeof sellerPayoutAccounts.$inferSelect;

/** A stored account as the seller's answer shows it: masked, with the hold while it runs. */
export function payoutAccountAnswer(row: AccountRow | undefined, now = new Date()): PayoutAccountAnswer {
  if (!row) return { account: null, payoutHeldUntil: null };
  const usableAt = payoutUsableAt(row.changedAt);
  return {
    account: {
      type: row.kind,
      masked: maskAccountNumber(row.accountNumber),
      bankName: row.bankName,
      changedAt: row.changedAt.toISOString(),
    },
    payoutHeldUntil: usableAt > now ? usableAt.toISOString() : null,
  };
}

async function accountRow(db: Db, sellerId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.sellerId, sellerId));
  return row;
}

/** The signed-in seller's own account, masked. */
export async function readOwnPayoutAccount(db: Db, sellerId: string): Promise<PayoutAccountAnswer> {
  return payoutAccountAnswer(await accountRow(db, sellerId));
}

/** A seller's account for an admin, masked; 404 for an id that is no shop. */
export async function readPayoutAccountForAdmin(db: Db, sellerId: string): Promise<PayoutAccountAnswer> {
  if (!isUuid(sellerId)) throw notFound(SELLER_NOT_FOUND);
  const [shop] = await db.select({ id: sellers.userId }).from(sellers).where(eq(sellers.userId, sellerId));
  if (!shop) throw notFound(SELLER_NOT_FOUND);
  return payoutAccountAnswer(await accountRow(db, sellerId));
}

const sameAccount = (row: AccountRow, account: PayoutAccountDetails) =>
  row.kind === account.type &&
  row.clearingNumber === account.clearingNumber &&
  row.accountNumber === account.number &&
  row.bic === account.bic;

/**
 * Sets the seller's account. `changed` is false when it is the account already stored (nothing is
 * written, no hold starts again and no mail goes out); a first account counts as a change.
 */
export async function setPayoutAccount(
  db: Db,
  sellerId: string,
  account: PayoutAccountDetails,
  now = new Date(),
): Promise<{ answer: PayoutAccountAnswer; changed: boolean }> {
  const current = await accountRow(db, sellerId);
  if (current && sameAccount(current, account)) return { answer: payoutAccountAnswer(current, now), changed: false };
  const values = {
    kind: account.type,
    clearingNumber: account.clearingNumber,
    accountNumber: account.number,
    bic: account.bic,
    bankName: account.bankName,
    changedAt: now,
    updatedAt: now,
  };
  const [row] = await db
    .insert(sellerPayoutAccounts)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: sellerPayoutAccounts.sellerId, set: values })
    .returning();
  return { answer: payoutAccountAnswer(row, now), changed: true };
}

/** A seller's whole account, for the payout batch on the server only: never answer it to a browser. */
export interface PayoutAccountForPayout extends PayoutAccountDetails {
  changedAt: Date;
  /** When payouts may go to it (the end of the hold). */
  usableAt: Date;
}

function forPayout(row: AccountRow): PayoutAccountForPayout {
  return {
    type: row.kind,
    clearingNumber: row.clearingNumber,
    number: row.accountNumber,
    bic: row.bic,
    bankName: row.bankName,
    changedAt: row.changedAt,
    usableAt: payoutUsableAt(row.changedAt),
  };
}

export async function payoutAccountForPayout(db: Db, sellerId: string): Promise<PayoutAccountForPayout | null> {
  const row = await accountRow(db, sellerId);
  return row ? forPayout(row) : null;
}

/** The whole accounts of `sellerIds` in one read, by seller (a batch's lines); sellers without one are absent. */
export async function payoutAccountsForPayout(
  db: Db,
  sellerIds: readonly string[],
): Promise<Map<string, PayoutAccountForPayout>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sellerPayoutAccounts)
    .where(inArray(sellerPayoutAccounts.sellerId, [...sellerIds]));
  return new Map(rows.map((row) => [row.sellerId, forPayout(row)]));
}

/** When the payout batch may pay `sellerId`: the end of the hold; null without an account. */
export async function payoutAccountUsableAt(db: Db, sellerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ changedAt: sellerPayoutAccounts.changedAt })
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.sellerId, sellerId));
  return row ? payoutUsableAt(row.changedAt) : null;
}

/** The accounts of `sellerIds`, masked, by seller (a payout batch's lines); sellers without one are absent. */
export async function maskedPayoutAccounts(db: Db, sellerIds: string[]): Promise<Map<string, MaskedPayoutAccount>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db.select().from(sellerPayoutAccounts).where(inArray(sellerPayoutAccounts.sellerId, sellerIds));
  const found = new Map<string, MaskedPayoutAccount>();
  for (const row of rows) {
    const { account } = payoutAccountAnswer(row);
    if (account) found.set(row.sellerId, account);
  }
  return found;
}
