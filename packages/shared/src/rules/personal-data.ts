/**
 * What the marketplace stores about a person, why, and for how long: one list, shown on the
 * privacy page (in the UI's language: the texts are the English keys of the web's catalogue) and
 * held against the database by the API's tests. Every table that refers to a user is named by a
 * category here, or by the API's list of references as kept out of the export with a reason
 * (apps/api/src/modules/users/personal-data-map.ts), so a new table of personal data cannot be
 * forgotten by either.
 */

export interface PersonalDataCategory {
  /** Stable key: the export's sections name their category by it. */
  key: string;
  /** The category, as the privacy page heads it. */
  name: string;
  /** What is stored, in a sentence. */
  what: string;
  /** Why it is stored. */
  purpose: string;
  /** How long it is kept. */
  retention: string;
  /** The database tables holding it (rows about the person). */
  tables: readonly string[];
}

/** Years an order and the ledger's entries are kept: the Swedish Bookkeeping Act (Bokföringslagen 7 kap. 2 §). */
export const BOOKKEEPING_YEARS = 7;

export const PERSONAL_DATA_CATEGORIES = [
  {
    key: 'account',
    name: 'Account',
    what: 'Your name, e-mail address, saved shipping address, password (only as a one-way hash) and roles.',
    purpose: 'To sign you in, fill in your address at checkout and tell you about your orders.',
    retention: 'Until you delete your account.',
    tables: ['users', 'password_reset_tokens', 'order_message_reads'],
  },
  {
    key: 'orders',
    name: 'Orders and receipts',
    what: 'What you bought or sold, prices, shipping address, payment, shipment, withdrawals and refunds.',
    purpose: 'To deliver and pay for orders, handle withdrawals and refunds, and keep the books the law requires.',
    retention:
      '7 years after the end of the year of the order (the Bookkeeping Act). Your name and address on them are anonymised when you delete your account.',
    tables: [
      'orders',
      'order_items',
      'order_withdrawals',
      'order_withdrawal_lines',
      'order_refunds',
      'paypal_captures',
    ],
  },
  {
    key: 'messages',
    name: 'Messages about orders',
    what: 'What the buyer, the seller and the marketplace wrote to each other about an order.',
    purpose: 'To sort out questions about an order.',
    retention: 'As long as the order is kept. Your name on them is anonymised when you delete your account.',
    tables: ['order_messages'],
  },
  {
    key: 'reviews',
    name: 'Reviews',
    what: 'Your ratings and comments on products, and whether you bought the product.',
    purpose: 'To help other buyers choose.',
    retention:
      'As long as the product is on the marketplace. Your name on them is replaced when you delete your account.',
    tables: ['reviews'],
  },
  {
    key: 'shop',
    name: 'Shop and seller identity',
    what: 'A seller’s shop, products, address, phone, organisation or personal identity number, self-certification, and the decisions on the seller application.',
    purpose:
      'To run the shop and to know who sells on the marketplace, as the EU Digital Services Act requires (art. 30).',
    retention:
      'While you sell. Address, phone, personal identity number and payout account are removed when you delete your account; decisions on applications are kept.',
    tables: ['sellers', 'seller_personal_numbers', 'seller_application_events', 'products'],
  },
  {
    key: 'money',
    name: 'Seller accounting',
    what: 'What the marketplace owes a seller: sales, commission, fees, payouts, payment requests, and the payout account (shown masked).',
    purpose: 'To pay sellers what they are owed and keep the books the law requires.',
    retention: '7 years after the end of the year of each entry (the Bookkeeping Act); the entries are never changed.',
    tables: ['ledger_entries', 'payout_lines', 'seller_payout_accounts', 'seller_payment_requests'],
  },
  {
    key: 'activity',
    name: 'Saved products and reports',
    what: 'The products you saved, the news about them waiting for your next mail, and the reports of listings you made with their outcome.',
    purpose:
      'To show your saved products and mail you when they are back in stock or on sale, and to act on reports of illegal content (the EU Digital Services Act, art. 16).',
    retention:
      'Saved products until you remove them or delete your account. Reports are kept as the record of the moderation decision they led to.',
    tables: ['favourites', 'favourite_notices', 'reports'],
  },
  {
    key: 'logs',
    name: 'Server logs',
    what: 'The address your requests came from, the page or call asked for, and when; never passwords or request contents.',
    purpose: 'To keep the marketplace secure and find faults.',
    retention: 'Kept by the operator’s log system for at most 90 days; not part of your account.',
    tables: [],
  },
] as const satisfies readonly PersonalDataCategory[];

export type PersonalDataCategoryKey = (typeof PERSONAL_DATA_CATEGORIES)[number]['key'];

/** The category holding `table`, or undefined when none names it. */
export function categoryOfTable(table: string): PersonalDataCategory | undefined {
  return PERSONAL_DATA_CATEGORIES.find((category) => (category.tables as readonly string[]).includes(table));
}

/** The name an erased account, its orders' buyer name and its messages carry afterwards. */
export const ERASED_NAME = 'Deleted user';

/** Why an account cannot be erased yet: each says what must happen first. */
export const ERASURE_REFUSALS = {
  lastAdmin: 'You are the last administrator. Make another user an administrator before you delete your account.',
  openOrders:
    'You have orders that are neither delivered nor cancelled. They must be delivered or cancelled before you can delete your account.',
  openWithdrawals:
    'A withdrawal on one of your orders waits for a decision. It must be decided before you can delete your account.',
  payoutPending: 'A payout to you has not been sent yet. Wait until it is sent before you delete your account.',
  balance:
    'Your shop’s balance is not zero. The marketplace must pay you, or you must pay what you owe, before you can delete your account.',
} as const;

export const WRONG_PASSWORD = 'The password is wrong.';
