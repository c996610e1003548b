/**
 * GET /api/users/me/export: everything stored about the signed-in user, as one JSON document
 * (GDPR art. 15 and 20). Each section reads whole rows, less the columns no export carries
 * (personal-data-map.ts, NEVER_EXPORTED), so a column added later is exported without anyone
 * remembering to. Amounts are in öre, as stored; times are ISO 8601 in UTC.
 *
 * What of other people is in it: only what the user already sees on their own records. On the
 * orders they bought: the shop's name and Swish number, and the whole thread with the other
 * party's messages (written to them) under their role, not their name. On the orders they sold:
 * no buyer's name, address, account or payment details, though the seller's order list shows the
 * name and address to ship to: those are the buyer's data, and the export is the seller's.
 */
import { PERSONAL_DATA_CATEGORIES } from '@torget/shared/rules/personal-data';
import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import {
  favouriteNotices,
  favourites,
  ledgerEntries,
  orderItems,
  orderMessageReads,
  orderMessages,
  orderRefunds,
  orders,
  orderWithdrawalLines,
  orderWithdrawals,
  passwordResetTokens,
  payoutLines,
  products,
  reports,
  reviews,
  sellerApplicationEvents,
  sellerPaymentRequests,
  sellerPersonalNumbers,
  sellers,
  users,
} from '#api/db/schema.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { readOwnPayoutAccount } from '#api/modules/sellers/payout-account.service.ts';
import { shownPersonalNumber } from '#api/modules/sellers/seller-identity.service.ts';

/** The export's name and version, so a reader knows what it holds. */
export const EXPORT_FORMAT = 'torget-personal-data/1';

const {
  passwordHash: _passwordHash,
  tokenVersion: _tokenVersion,
  searchText: _userSearchText,
  ...accountColumns
} = getTableColumns(users);
const { searchText: _orderSearchText, ...orderColumns } = getTableColumns(orders);
const {
  searchText: _productSearchText,
  findText: _productFindText,
  shownHead: _shownHead,
  shownTail: _shownTail,
  sellerActive: _sellerActive,
  ...productColumns
} = getTableColumns(products);
const { tokenHash: _tokenHash, ...resetColumns } = getTableColumns(passwordResetTokens);
const { adminId: _adminId, ...applicationColumns } = getTableColumns(sellerApplicationEvents);
const { createdBy: _entryCreatedBy, ...ledgerColumns } = getTableColumns(ledgerEntries);
const {
  createdBy: _requestCreatedBy,
  receivedBy: _requestReceivedBy,
  ...paymentRequestColumns
} = getTableColumns(sellerPaymentRequests);
const { decidedBy: _decidedBy, ...withdrawalColumns } = getTableColumns(orderWithdrawals);
const { actorId: _actorId, ...refundColumns } = getTableColumns(orderRefunds);

/** The columns of the other rows read by parts: the export's schema (personal-data-export.schema.ts) reads them too. */
export const threadReadColumns = { orderId: orderMessageReads.orderId, readAt: orderMessageReads.readAt };
export const savedFavouriteColumns = { productId: favourites.productId, savedAt: favourites.createdAt };
export const favouriteNoticeColumns = {
  productId: favouriteNotices.productId,
  kind: favouriteNotices.kind,
  createdAt: favouriteNotices.createdAt,
  sentAt: favouriteNotices.sentAt,
};
/** The reports the user made, with their outcome; not who decided (the marketplace's work). */
export const reportMadeColumns = {
  productId: reports.productId,
  productName: reports.productName,
  sellerId: reports.sellerId,
  category: reports.category,
  text: reports.text,
  createdAt: reports.createdAt,
  decision: reports.decision,
  reason: reports.reason,
  decidedAt: reports.decidedAt,
};

/** The order columns a seller's export leaves out: the buyer's data (see the file's comment). */
export const BUYER_ORDER_COLUMNS = [
  'userId',
  'buyerName',
  'shippingFullName',
  'shippingAddress',
  'shippingCity',
  'shippingPostalCode',
  'shippingCountry',
  'paymentResult',
  'buyerLanguage',
] as const;

/** The whole rows' columns the export reads, each less the columns no export carries. */
export const exportedColumns = {
  account: accountColumns,
  order: orderColumns,
  product: productColumns,
  passwordReset: resetColumns,
  sellerApplication: applicationColumns,
  ledgerEntry: ledgerColumns,
  paymentRequest: paymentRequestColumns,
  withdrawal: withdrawalColumns,
  refund: refundColumns,
};

type OrderRow = Record<string, unknown> & { id: string };

/** An order of the user's, with its lines, thread, withdrawals and refunds. */
async function ordersWithDetails(db: Db, userId: string, rows: OrderRow[], asSeller: boolean) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
  const messages = await db
    .select()
    .from(orderMessages)
    .where(inArray(orderMessages.orderId, ids))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  const withdrawals = await db
    .select(withdrawalColumns)
    .from(orderWithdrawals)
    .where(inArray(orderWithdrawals.orderId, ids))
    .orderBy(asc(orderWithdrawals.requestedAt));
  const withdrawalLines = withdrawals.length
    ? await db
        .select()
        .from(orderWithdrawalLines)
        .where(
          inArray(
            orderWithdrawalLines.withdrawalId,
            withdrawals.map((w) => w.id),
          ),
        )
    : [];
  const refunds = await db
    .select(refundColumns)
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, ids))
    .orderBy(asc(orderRefunds.seq));
  return rows.map((order) => {
    // A buyer's data on an order they sold stays out (see the file's comment).
    const sellersView = Object.fromEntries(
      Object.entries(order).filter(([key]) => !(BUYER_ORDER_COLUMNS as readonly string[]).includes(key)),
    );
    return {
      ...(asSeller ? sellersView : order),
      items: items.filter((item) => item.orderId === order.id),
      messages: messages
        .filter((message) => message.orderId === order.id)
        .map((message) => ({
          mine: message.authorId === userId,
          authorRole: message.authorRole,
          // Another person's name stays out; their role says who wrote.
          ...(message.authorId === userId ? { authorName: message.authorName } : {}),
          text: message.text,
          createdAt: message.createdAt,
        })),
      withdrawals: withdrawals
        .filter((withdrawal) => withdrawal.orderId === order.id)
        .map((withdrawal) => ({
          ...withdrawal,
          lines: withdrawalLines.filter((line) => line.withdrawalId === withdrawal.id),
        })),
      refunds: refunds.filter((refund) => refund.orderId === order.id),
    };
  });
}

/** The shop of a seller or applicant, with everything the shop owns; null for a customer. */
async function shopSection(db: Db, userId: string) {
  const [shop] = await db.select().from(sellers).where(eq(sellers.userId, userId));
  if (!shop) return null;
  const [personal] = await db
    .select({ number: sellerPersonalNumbers.personalNumber })
    .from(sellerPersonalNumbers)
    .where(eq(sellerPersonalNumbers.sellerId, userId));
  const sold = (await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.sellerId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id))) as OrderRow[];
  return {
    ...shop,
    personalNumber: shownPersonalNumber(personal?.number ?? null, 'masked') ?? null,
    payoutAccount: (await readOwnPayoutAccount(db, userId)).account,
    products: await db
      .select(productColumns)
      .from(products)
      .where(eq(products.sellerId, userId))
      .orderBy(asc(products.createdAt), asc(products.id)),
    ordersAsSeller: await ordersWithDetails(db, userId, sold, true),
    ledgerEntries: await db
      .select(ledgerColumns)
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, userId))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    payouts: await db.select().from(payoutLines).where(eq(payoutLines.sellerId, userId)).orderBy(asc(payoutLines.id)),
    paymentRequests: await db
      .select(paymentRequestColumns)
      .from(sellerPaymentRequests)
      .where(eq(sellerPaymentRequests.sellerId, userId))
      .orderBy(asc(sellerPaymentRequests.createdAt)),
  };
}

/** A value as its JSON is read back: times as ISO 8601 strings. */
type AsJson<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? AsJson<U>[]
    : T extends object
      ? { [K in keyof T]: AsJson<T[K]> }
      : T;

/**
 * The whole export of `userId`'s data, as its JSON is read (times as ISO 8601 strings, as the
 * answer's schema describes them); 404 for an account that is gone.
 */
export async function exportPersonalData(db: Db, userId: string, now: Date = new Date()) {
  const data = await readPersonalData(db, userId, now);
  return JSON.parse(JSON.stringify(data)) as AsJson<typeof data>;
}

async function readPersonalData(db: Db, userId: string, now: Date) {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  if (!account || account.deletedAt) throw notFound('User Not Found');
  const bought = (await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id))) as OrderRow[];
  return {
    format: EXPORT_FORMAT,
    exportedAt: now,
    about:
      'Everything Torget stores about you. Amounts are in öre (1/100 krona); times are in UTC. ' +
      'What each part is for and how long it is kept is in "categories".',
    categories: PERSONAL_DATA_CATEGORIES.map(({ tables: _tables, ...category }) => category),
    account: {
      ...account,
      passwordResets: await db
        .select(resetColumns)
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId))
        .orderBy(asc(passwordResetTokens.createdAt)),
      threadsRead: await db
        .select(threadReadColumns)
        .from(orderMessageReads)
        .where(eq(orderMessageReads.userId, userId)),
    },
    ordersAsBuyer: await ordersWithDetails(db, userId, bought, false),
    reviews: await db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    favourites: {
      saved: await db
        .select(savedFavouriteColumns)
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(asc(favourites.createdAt)),
      notices: await db
        .select(favouriteNoticeColumns)
        .from(favouriteNotices)
        .where(eq(favouriteNotices.userId, userId))
        .orderBy(asc(favouriteNotices.createdAt)),
    },
    reportsMade: await db
      .select(reportMadeColumns)
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.createdAt)),
    sellerApplication: await db
      .select(applicationColumns)
      .from(sellerApplicationEvents)
      .where(eq(sellerApplicationEvents.userId, userId))
      .orderBy(asc(sellerApplicationEvents.id)),
    shop: await shopSection(db, userId),
  };
}

/** The download's file name: the day of the export, so several downloads do not overwrite each other. */
export function exportFileName(now: Date = new Date()): string {
  return `torget-mina-uppgifter-${now.toISOString().slice(0, 10)}.json`;
}
