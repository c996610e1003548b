/**
 * The database schema (spec section 3), one file per area in schema/, gathered here: every module
 * imports its tables from this file, and drizzle-kit reads it (drizzle.config.ts) to generate the
 * migrations. Money columns are integer öre and end in `_ore`. Every seller-owned row carries
 * `seller_id`, so the data can later be distributed by seller.
 */
export { APPLICATION_EVENT_KINDS, sellerApplicationEvents } from './schema/applications';
export { productPriceHistory, productReviewTexts, products, reviews } from './schema/catalog';
export {
  catalogueCounts,
  catalogueDayCountChanges,
  catalogueDayCounts,
  productWords,
  searchWordCountChanges,
  searchWordCounts,
  searchWords,
} from './schema/catalog-derived';
export { FAVOURITE_NOTICE_KINDS, type FavouriteNoticeKind, favouriteNotices, favourites } from './schema/favourites';
export { feeSettings, LEDGER_ENTRY_KINDS, ledgerEntries } from './schema/ledger';
export { orderItems, orderMessageReads, orderMessages, orders, PAYMENT_METHODS } from './schema/orders';
export { sellerPaymentRequests } from './schema/payment-requests';
export { CAPTURE_OUTCOMES, paypalCaptures, REFUND_STATES } from './schema/payments';
export { PAYOUT_ACCOUNT_KINDS, sellerPayoutAccounts } from './schema/payout-accounts';
export { payoutLines, payouts } from './schema/payouts';
export { orderRefunds, REFUND_STATUSES, type StoredRefundLine } from './schema/refunds';
export { REPORT_CATEGORIES, REPORT_DECISIONS, reports } from './schema/reports';
export { siteSettings } from './schema/settings';
export { passwordResetTokens, sellerPersonalNumbers, sellers, users } from './schema/users';
export { productVariants } from './schema/variants';
export { orderWithdrawalLines, orderWithdrawals } from './schema/withdrawals';
