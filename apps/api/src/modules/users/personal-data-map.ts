/**
 * Every column of the schema that refers to a user (a foreign key to `users` or `sellers`, or a
 * user id kept without one, as `created_by`), and what the personal-data export does with it:
 * the section of the export that carries the rows it picks out, or why they are left out. The
 * schema test (personal-data-map.test.ts) reads the database's own catalogue and fails on a
 * reference missing here, so a new table holding personal data cannot be silently forgotten; it
 * also holds each exported table to a category of the privacy page's list
 * (@torget/shared/rules/personal-data).
 */

/** The export section holding the rows a reference picks out, or why they stay out. */
export type ReferenceUse = { section: string } | { excluded: string };

const ADMIN_WORK =
  'Which admin did a piece of the marketplace’s work on someone else’s record: the marketplace’s own work log, not data about the admin as a customer.';

export const USER_REFERENCES: Record<string, ReferenceUse> = {
  'password_reset_tokens.user_id': { section: 'account.passwordResets' },
  'order_message_reads.user_id': { section: 'account.threadsRead' },
  'orders.user_id': { section: 'ordersAsBuyer' },
  'orders.seller_id': { section: 'shop.ordersAsSeller' },
  'order_items.seller_id': { section: 'shop.ordersAsSeller' },
  'order_messages.author_id': { section: 'ordersAsBuyer.messages, shop.ordersAsSeller.messages' },
  'reviews.user_id': { section: 'reviews' },
  'reviews.seller_id': {
    excluded:
      'Other people’s reviews of the seller’s products: public on the product pages, and the reviewers’ own data (each finds theirs in their own export).',
  },
  'products.seller_id': { section: 'shop.products' },
  'sellers.user_id': { section: 'shop' },
  'seller_personal_numbers.seller_id': { section: 'shop.personalNumber (masked, as the seller sees it)' },
  'seller_payout_accounts.seller_id': { section: 'shop.payoutAccount (masked, as the seller sees it)' },
  'seller_application_events.user_id': { section: 'sellerApplication' },
  'seller_application_events.admin_id': { excluded: ADMIN_WORK },
  'ledger_entries.seller_id': { section: 'shop.ledgerEntries' },
  'ledger_entries.created_by': { excluded: ADMIN_WORK },
  'payout_lines.seller_id': { section: 'shop.payouts' },
  'payouts.created_by': { excluded: ADMIN_WORK },
  'payouts.sent_by': { excluded: ADMIN_WORK },
  'seller_payment_requests.seller_id': { section: 'shop.paymentRequests' },
  'seller_payment_requests.created_by': { excluded: ADMIN_WORK },
  'seller_payment_requests.received_by': { excluded: ADMIN_WORK },
  'order_withdrawals.decided_by': {
    excluded:
      'Who decided a withdrawal (the order’s seller or an admin); the withdrawal itself is in the order’s export for both parties.',
  },
  'favourites.user_id': { section: 'favourites.saved' },
  'favourite_notices.user_id': { section: 'favourites.notices' },
  'reports.reporter_id': { section: 'reportsMade' },
  'reports.seller_id': {
    excluded:
      'Reports about the seller’s shop or products: the reporters’ data. The seller learns of a removal and its reasons by mail and on the product.',
  },
  'reports.decided_by': { excluded: ADMIN_WORK },
  'product_variants.seller_id': {
    excluded:
      'A product’s sizes and colours with their stock and prices: facts about products, not about a person; the products are in shop.products.',
  },
  'order_refunds.actor_id': {
    excluded:
      'Who recorded a refund (the order’s seller or an admin); the refund itself is in the order’s export for both parties.',
  },
};

/**
 * Columns no export carries, whichever table they are in: secrets (a password's hash, a reset
 * token's hash), the session's version, and what the database derives from other columns for its
 * searches and lists (search text, find text, the product's kept JSON, the seller's status copy).
 */
export const NEVER_EXPORTED =
  /^(passwordHash|tokenHash|tokenVersion|searchText|findText|shownHead|shownTail|sellerActive)$/;

/** The columns whose name alone says they hold a user's id, foreign key or not. */
export const USER_ID_COLUMN = /^(user_id|seller_id|author_id|admin_id|actor_id|[a-z]+_by)$/;
