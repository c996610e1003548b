/**
 * The JSON shapes the API answers with. Field names follow the specification (section 3),
 * including its `_id` and mixed camelCase/snake_case names. Amounts are SEK numbers.
 */
import type { ReportCategory, ReportDecision } from './rules/reports';

/** The public part of a seller's shop that catalogue answers embed. */
export interface SellerBrief {
  name: string;
  logo: string;
  has_logo: boolean;
  rating: number;
  numReviews: number;
}

/** A product's `seller`: the user reference with the nested seller object. */
export interface ProductSellerRef {
  _id: string;
  name: string;
  seller: SellerBrief;
}

export interface Review {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** The reviewer had a paid or delivered order of the product when reviewing. */
  verified: boolean;
}

/**
 * Added beyond the spec: a product's sale (docs/decisions/292-sale-prices-and-price-history.md).
 * `price` stays the ordinary price the seller sets; the sale's keys are written at read time
 * (a sale starts and ends by time), after the product's other keys.
 */
export interface ProductSale {
  /** The sale price set and not yet ended (scheduled or running); null without one. */
  salePrice: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** True while the sale is in force: a buyer pays `salePrice`. */
  onSale: boolean;
  /**
   * While the sale is in force: the lowest price in force in the 30 days before it started
   * (prisinformationslagen 7 a §), from the price history; null otherwise.
   */
  lowestPrice30d: number | null;
}

export interface ProductSummary extends ProductSale {
  _id: string;
  name: string;
  price: number;
  image: string;
  category: string;
  brand: string;
  countInStock: number;
  description: string;
  /**
   * The mean of the verified-purchase reviews when the product has one, otherwise of all its
   * reviews (0 without reviews); `numReviews` counts every review.
   */
  rating: number;
  numReviews: number;
  /** Added to the spec's product: the mean (0 without one) and number of the verified-purchase reviews. */
  verifiedRating: number;
  numVerifiedReviews: number;
  shipping_price: number;
  shipping_info: string;
  seller: ProductSellerRef;
  createdAt: string;
  updatedAt: string;
  /** Grows with every change of the edit form's fields or the stock; sent back by an edit. */
  version: number;
  /** Added beyond the spec: up to 8 image paths, the first always equal to `image`. */
  images: string[];
  /** Added beyond the spec: the short product number sellers see (`#1001`). */
  number: number;
  /** Added beyond the spec: a draft is shown to nobody but its seller and admins. */
  isDraft: boolean;
  /** Added beyond the spec: the moms rate in percent the price includes (25, 12 or 6). */
  vatRate: number;
  /** Added beyond the spec: taken off sale by its seller (shown to nobody but its seller and admins). */
  hidden: boolean;
  /** Added beyond the spec: removed by an admin's moderation decision; the seller cannot undo it. */
  removed: boolean;
}

export interface ProductDetails extends ProductSummary {
  reviews: Review[];
  /** Added beyond the spec: the product's options (rules/variants.ts); [] for a product without variants. */
  options: ProductOption[];
  /** Added beyond the spec: one per combination sold; [] for a product without variants. */
  variants: ProductVariant[];
}

/** An option of a product with variants: its name (Storlek, Färg) and values in the seller's order. */
export interface ProductOption {
  name: string;
  values: string[];
}

/**
 * A variant: its values (one per option, in the options' order), its own stock, its own price in
 * SEK (null: the product's), its SKU and its image (one of the product's images; null: the
 * product's).
 */
export interface ProductVariant {
  _id: string;
  values: string[];
  countInStock: number;
  price: number | null;
  sku: string | null;
  image: string | null;
}

/** GET /api/products. `count` is the number of matching products over all pages. */
export interface ProductListResponse {
  products: ProductSummary[];
  page: number;
  pages: number;
  count: number;
  /**
   * Added beyond the spec: when a name search finds nothing, the closest query that finds
   * something ("Did you mean …?"); absent otherwise.
   */
  suggestion?: string;
  /**
   * Added beyond the spec: true when a free-text or combined search has more matches than
   * COUNT_CAP; `count` is then the cap ("1 000+") and `pages` is counted from it, while later
   * pages can still be asked for. Absent when the count is exact.
   */
  countIsCapped?: boolean;
  /**
   * Added beyond the spec: in the managing list of one shop (`scope=manage&seller=`), that
   * seller's products counting against the plan (drafts do not) and the plan's limit, null for
   * none: "3 of 5 products".
   */
  planProducts?: { count: number; max: number | null };
}

/** GET /api/products/suggest: one suggested product (price in SEK). */
export interface SuggestedProduct {
  _id: string;
  name: string;
  image: string;
  price: number;
}

/** GET /api/products/suggest: one suggested open shop; `_id` is the seller's user id (`/seller/{id}`). */
export interface SuggestedShop {
  _id: string;
  name: string;
  logo: string;
}

/** GET /api/products/suggest: at most 6 products and 2 shops, best first. */
export interface SuggestResponse {
  products: SuggestedProduct[];
  shops: SuggestedShop[];
}

/**
 * GET /api/products/facets: how many listed products each sidebar entry would give
 * with the other filters kept. A count above COUNT_CAP is answered as the cap, and `capped`
 * is then true.
 */
export interface ProductFacets {
  categories: { name: string; count: number }[];
  /** One per price preset of the spec; `max` null is open-ended ("Any"). */
  prices: { min: number; max: number | null; count: number }[];
  /** One per rating preset of the spec: products rated at least `rating`. */
  ratings: { rating: number; count: number }[];
  capped: boolean;
  /**
   * Added beyond the spec: the sizes and colours (option values, rules/variants.ts) of the
   * products the search shows, each with how many of them have it; sizes in their usual order.
   */
  optionValues?: { sizes: FacetValue[]; colours: FacetValue[] };
}

export interface FacetValue {
  value: string;
  count: number;
}

/** GET /api/users/top-sellers: one entry a seller. */
export interface TopSeller {
  _id: string;
  name: string;
  seller: SellerBrief;
}

/** Every error answer. */
export interface ApiError {
  message: string;
  /** Sent by the rate limiter (429) beside the message. */
  statusCode?: number;
}

/** The full seller object of spec section 3. */
export interface SellerProfile extends SellerBrief {
  description: string;
  subtitle: string;
  domain: string;
  banner_background_image: string;
  description_background_color: string;
  description_text_color: string;
  products_background_color: string;
  name_text_color: string;
  subtitle_text_color: string;
  footer_background_color: string;
  footer_text_color: string;
  address: string;
  post_number: string;
  city: string;
  phone: string;
  organisation_number: string;
  plan: string;
  has_swish: boolean;
  swish_number: string;
  has_paypal: boolean;
  /** The shop's public e-mail: its own field, first the login e-mail. */
  email: string;
  /** 'business' or 'private' (rules/seller-identity.ts); '' for a shop that has not said yet. */
  type: string;
  /** The business's registered name, or the private person's full name. */
  legal_name: string;
  /** When the seller certified that they only offer products that comply with EU law; null before. */
  self_certified_at: string | null;
  /**
   * A private seller's personal identity number: only in the answers to the seller themself
   * (masked, ÅÅÅÅMMDD-****) and to admins (whole); never in a public answer.
   */
  personal_number?: string;
}

/** A user as the user themself and admins see them. `token` comes with sign-in answers. */
export interface UserDetails {
  _id: string;
  name: string;
  email: string;
  is_admin: boolean;
  is_seller: boolean;
  wants_to_be_seller: boolean;
  createdAt: string;
  seller: SellerProfile | null;
  shipping_full_name: string;
  shipping_address: string;
  shipping_postal_code: string;
  shipping_city: string;
  shipping_country: string;
  /**
   * Added: the messages on the reader's own orders (bought or sold) they have not read yet, for
   * the header menu's badge. Only when a user reads their own account with GET /api/users/{id}.
   */
  unreadMessages?: number;
}

/** Sign-in, registration and profile answers: the user with a fresh token (stored as userInfo). */
export interface SignedInUser extends UserDetails {
  token: string;
}

/** What anyone may see of a seller (storefront, payment choice). */
export interface PublicSeller {
  _id: string;
  name: string;
  email: string;
  is_seller: boolean;
  seller: SellerProfile;
}

/** One row of the admin user list. */
export interface UserListEntry {
  _id: string;
  name: string;
  email: string;
  is_admin: boolean;
  is_seller: boolean;
  wants_to_be_seller: boolean;
  createdAt: string;
}

/** An order line: a snapshot of what was bought. `product` is null once the product is deleted. */
export interface OrderItem {
  qty: number;
  price: number;
  shipping_price: number;
  image: string;
  name: string;
  product: string | null;
  /**
   * Added beyond the spec: the product's short number (`#1001`, rules/catalog.ts) people quote
   * instead of its id; null once the product is deleted.
   */
  productNumber?: number | null;
  /** Added beyond the spec: the moms rate in percent the line's price included when bought. */
  vatRate?: number;
  /**
   * Added beyond the spec, for a line of a product with variants: the variant's id (null once it is
   * deleted) and name ("M, Blå"); `name` is then the line's whole name ("Linneklänning – M, Blå").
   */
  variant?: string | null;
  variantName?: string;
}

/** Added beyond the spec: the moms one rate comes to on an order (rules/vat.ts), in SEK. */
export interface OrderVat {
  rate: number;
  amount: number;
}

/** The shipping address as the cart and orders carry it. */
export interface ShippingAddress {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

/** What the server verified with PayPal when it marked a PayPal order paid. */
export interface PaymentResult {
  id: string;
  status: string;
  update_time: string;
  email_address: string;
}

/** An order's seller: the seller's user id, the shop name and Swish number as ordered. */
export interface OrderSellerRef {
  _id: string;
  seller: { name: string; swish_number: string };
}

/**
 * An order (spec section 3). `user` is the buyer's id; in the admin and seller order lists it is
 * `{ _id, name }` with the buyer's name as ordered. `paymentResult` is present once PayPal paid.
 */
export interface Order {
  _id: string;
  /** Added beyond the spec: the number people read and quote, `T-100001` (rules/order-number.ts). */
  orderNumber: string;
  orderItems: OrderItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: 'PayPal' | 'Swish';
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /**
   * Added: the moms included in `totalPrice` (prices include moms, so `taxPrice`, what is added,
   * stays 0), and the same per rate, highest rate first. Optional in the type for orders built
   * elsewhere; always in the API's order answers.
   */
  vatIncluded?: number;
  /**
   * Added: sold by a private person (the seller's type), so the consumer right of withdrawal does
   * not apply; in GET /api/orders/{id} and the answers of actions on the order.
   */
  sellerIsPrivate?: boolean;
  vatByRate?: OrderVat[];
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  user: string | { _id: string; name: string };
  seller: OrderSellerRef;
  paymentResult?: PaymentResult;
  createdAt: string;
  /**
   * An unpaid PayPal order that was cancelled: by its seller or an admin
   * ('cancelled'), or because it was not paid in time ('expired'). Its stock was given back.
   */
  isCancelled: boolean;
  cancelledAt: string | null;
  cancelReason: 'expired' | 'cancelled' | null;
  /**
   * Added: PayPal payments received for this order that paid nothing (it was cancelled, expired or
   * paid already, or the amount was wrong) and are refunded. Only in GET /api/orders/{id}, and
   * only when there is one.
   */
  paymentRefunds?: PaymentRefund[];
  /**
   * Added: how the seller sent the order, or null before it is shipped. Always in the order's
   * answers (single and lists); optional in the type for orders built elsewhere.
   */
  shipment?: Shipment | null;
  /**
   * Added: messages on the order's thread the reader has not read yet, in GET /api/orders/{id}
   * and the lists; 0 in the answers of actions on the order.
   */
  unreadMessages?: number;
  /**
   * Added: the refunds of the order, oldest first (PayPal through PayPal, Swish recorded by the
   * seller), in GET /api/orders/{id}, the lists and the answers of actions; [] when none.
   */
  refunds?: OrderRefund[];
  /** Added: the sum of `refunds` in SEK (0 when none). */
  refundedPrice?: number;
  /**
   * Added: the buyer's withdrawals from the order, oldest first, in GET /api/orders/{id}, the lists
   * and the answers of actions; [] when none (docs/decisions/235-withdrawals.md).
   */
  withdrawals?: OrderWithdrawal[];
}

/** A refund of an order (POST /api/orders/{id}/refunds). */
export interface OrderRefund {
  _id: string;
  /** SEK, two decimals. */
  amount: number;
  /** The lines it refunds, when the seller named them; the amount is what counts. */
  lines: { product: string | null; name: string; qty: number }[];
  note: string | null;
  method: 'PayPal' | 'Swish';
  /** PayPal: when PayPal took the refund; Swish: the day the seller says they refunded. */
  refundedAt: string;
  /** 'pending': PayPal accepted the refund and completes it later. */
  status: 'completed' | 'pending';
}

/** A buyer's withdrawal from an order (POST /api/orders/{id}/withdrawals), and its decision. */
export interface OrderWithdrawal {
  _id: string;
  /** The withdrawn products (null once deleted), their names as ordered, quantities and unit prices (SEK). */
  lines: { product: string | null; name: string; qty: number; price: number }[];
  reason: string | null;
  state: 'requested' | 'accepted' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
  /** SEK refunded when accepted (0: nothing); null until accepted. */
  refundAmount: number | null;
  /** SEK the seller is offered to refund: the lines' price, plus the shipping for a whole withdrawal. */
  suggestedRefundAmount: number;
  restocked: boolean;
  /** Whether the goods came back; null until accepted. */
  goodsReturned: boolean | null;
}

/** A withdrawal in the seller's returns list and the admins' list (GET /api/orders/withdrawals). */
export interface WithdrawalListEntry extends OrderWithdrawal {
  order: { _id: string; orderNumber: string; buyerName: string; sellerName: string; totalPrice: number };
}

/** An order as shipped: the carrier, the tracking number and the carrier's tracking page. */
export interface Shipment {
  /** One of CARRIERS (rules/shipping.ts). */
  carrier: string;
  trackingNumber: string | null;
  /** The carrier's public tracking page; null for 'other' or without a number. */
  trackingUrl: string | null;
  shippedAt: string;
}

/** One message on an order's thread, oldest first in GET /api/orders/{id}/messages. */
export interface OrderMessage {
  _id: string;
  /** Who wrote it, as the order knows them. */
  author: { _id: string; name: string; role: 'buyer' | 'seller' | 'admin' };
  text: string;
  createdAt: string;
}

/** Why a PayPal capture paid nothing. */
export type UnusedCaptureReason = 'duplicate' | 'cancelled' | 'expired' | 'wrong_amount';

/** A PayPal payment that paid nothing, as its order shows it. */
export interface PaymentRefund {
  /** What PayPal took, in `currency` (SEK unless the payment was wrong). */
  amount: number;
  currency: string;
  reason: UnusedCaptureReason;
  /** 'due': being refunded; 'sent': PayPal accepted the refund. */
  state: 'due' | 'sent';
  receivedAt: string;
  refundedAt: string | null;
}

/** A PayPal capture as the admin's list shows it (GET /api/payments/captures). */
export interface PaypalCaptureRecord {
  captureId: string;
  paypalOrderId: string;
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  outcome: 'paid' | UnusedCaptureReason;
  /** 'none': it paid its order; 'due': still to refund; 'sent': PayPal accepted the refund. */
  refundState: 'none' | 'due' | 'sent';
  paypalRefundId: string | null;
  paypalRefundStatus: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  refundedAt: string | null;
}

/** A day's or a week's sales in the seller's overview: orders placed and not cancelled, SEK. */
export interface SalesOverviewBucket {
  /** The day, or the Monday of the week, 'YYYY-MM-DD' in Swedish time. */
  start: string;
  orders: number;
  revenue: number;
}

/** A product of the seller's with little stock left. */
export interface LowStockProduct {
  _id: string;
  /** The short product number (1001, …). */
  number: number;
  name: string;
  countInStock: number;
}

/**
 * GET /api/orders/seller/overview (seller, own shop). Revenue counts orders placed and
 * not cancelled, paid or not (rules/sales-overview.ts); days are Swedish calendar days.
 */
export interface SellerOverview {
  /** Today in Sweden, 'YYYY-MM-DD'. */
  today: string;
  last30Days: { orders: number; revenue: number };
  thisYear: { orders: number; revenue: number };
  /** The last 30 days, oldest first, one bucket a day. */
  daily: SalesOverviewBucket[];
  /** This year's weeks, oldest first, one bucket a week (by its Monday). */
  weekly: SalesOverviewBucket[];
  /** Swish orders not paid yet and not cancelled: the seller confirms the payment. */
  awaitingPayment: number;
  /** Paid orders not delivered yet. */
  toDeliver: number;
  /** The shop's products (not drafts) with at most LOW_STOCK_LIMIT in stock, lowest first. */
  lowStock: LowStockProduct[];
}

/** One ledger entry (GET /api/ledger/mine, GET /api/ledger): amounts in SEK, signed from the seller's side. */
export interface LedgerEntry {
  _id: string;
  seller: string;
  kind:
    | 'sale_collected'
    | 'commission'
    | 'commission_vat'
    | 'plan_fee'
    | 'refund'
    | 'payout'
    | 'seller_payment'
    | 'correction';
  /** Positive: the marketplace owes it to the seller; negative: the seller owes it. */
  amount: number;
  order: string | null;
  /** The order's number as people quote it (`T-100001`). */
  orderNumber: string | null;
  payout: string | null;
  /** The rate it used, in percent (commission 10, moms 25); null when none applies. */
  rate: number | null;
  /** What the rate was of, in SEK. */
  base: number | null;
  /** The first day of the year a plan fee pays for (ISO). */
  periodStart: string | null;
  note: string | null;
  /** Whether it undoes an earlier entry of its order (the order was marked unpaid). */
  reversal: boolean;
  createdAt: string;
}

/** GET /api/ledger/mine: the seller's balance, what is held back, and a month's entries. */
export interface LedgerStatement {
  balance: number;
  /** Money of orders not delivered, or delivered less than 14 days ago (the withdrawal period). */
  held: number;
  /** 'YYYY-MM' (Swedish time) the entries are of. */
  month: string;
  /** The balance before the month, and after it. */
  opening: number;
  closing: number;
  entries: LedgerEntry[];
  /** The open request to pay what the seller owes by Swish, if an admin has made one. */
  paymentRequest?: SellerPaymentRequest | null;
}

/**
 * A request that a seller pay what they owe the marketplace (a negative balance) by Swish
 * (GET/POST /api/ledger/payment-requests, GET /api/ledger/mine).
 */
export interface SellerPaymentRequest {
  _id: string;
  number: number;
  /** The Swish message: `Torget B-<number>`. */
  reference: string;
  seller: string;
  name: string;
  amount: number;
  /** The marketplace's Swish number the seller pays to. */
  swishNumber: string;
  createdAt: string;
  receivedAt: string | null;
}

/** GET /api/ledger/earnings: what the marketplace earned in one month (Swedish time), in SEK. */
export interface LedgerEarningsMonth {
  /** 'YYYY-MM'. */
  month: string;
  commission: number;
  commission_vat: number;
  plan_fees: number;
  /** Commission and plan fees, without the moms (which is owed to the state). */
  earnings: number;
}

/** GET /api/ledger/sellers: one seller's balance. */
export interface LedgerSellerBalance {
  seller: string;
  name: string;
  balance: number;
  held: number;
}

/** GET and PUT /api/fees: the fees of each plan, and the moms on commission. */
export interface FeeSettings {
  plans: Record<'1' | '2' | '3', { commission_percent: number; yearly_fee: number }>;
  commission_vat_percent: number;
  /** The marketplace's Swish number, which sellers pay what they owe to ('' until set). */
  swish_number?: string;
}

/** A seller's payout account as anyone but the payout batch sees it: masked, `•••• 1234`. */
export interface MaskedPayoutAccount {
  type: 'bank_account' | 'bankgiro' | 'iban';
  /** The last four characters of the number, behind dots. */
  masked: string;
  /** The bank of a Swedish clearing number; null for Bankgiro and IBAN. */
  bankName: string | null;
  /** When it was last set to another account. */
  changedAt: string;
}

/**
 * GET and PUT /api/users/payout-account (the seller), GET /api/users/{id}/payout-account (admin).
 * `payoutHeldUntil`: while a new account's 3-day hold runs, when it ends; else null.
 */
export interface PayoutAccountAnswer {
  account: MaskedPayoutAccount | null;
  payoutHeldUntil: string | null;
}

/** One seller's payment in a payout batch (GET /api/payouts/{id}); amounts in SEK. */
export interface PayoutLine {
  _id: string;
  seller: string;
  /** The shop's name, the payee. */
  name: string;
  amount: number;
  /** The payout account, masked (`•••• 1234`); the whole number is only in the bank file. */
  account: MaskedPayoutAccount | null;
  /** The orders whose money the payment releases, by number (`T-100001`). */
  orders: { _id: string; orderNumber: string }[];
}

/** A payout batch: its lines, and whether it has been marked sent (the ledger books it then). */
export interface PayoutBatch {
  _id: string;
  number: number;
  /** The bank reference of every line: `Torget T-<number>`. */
  reference: string;
  total: number;
  minimum: number;
  createdAt: string;
  sentAt: string | null;
  lines: PayoutLine[];
}

/** What an admin decided on a seller application ('revoked': a seller's shop taken away). */
export type ApplicationDecisionKind = 'approved' | 'rejected' | 'revoked';

/** One decision on an application, as the admin queue and the applicant read it. */
export interface ApplicationDecisionEntry {
  decision: ApplicationDecisionKind;
  reason: string;
  decided_at: string;
}

/**
 * GET /api/seller-applications (admin): one pending application, with every field the
 * applicant gave (`seller`, the shop as stored), when it was sent, and the earlier decisions on
 * this applicant (newest first), so a re-application is read beside why it was rejected.
 */
export interface PendingSellerApplication {
  _id: string;
  name: string;
  email: string;
  createdAt: string;
  applied_at: string;
  /** The UI language the application was sent in; null for one sent before it was recorded. */
  language: 'sv' | 'en' | null;
  seller: SellerProfile;
  decisions: ApplicationDecisionEntry[];
}

/**
 * GET /api/seller-applications?page=N: a page of the queue (20 applications, oldest first), the
 * page, the number of pages and the count of every pending application. Without `page` the
 * answer is every pending application, a `PendingSellerApplication[]`.
 */
export interface PendingSellerApplicationList {
  applications: PendingSellerApplication[];
  page: number;
  pages: number;
  count: number;
}

/**
 * The applicant's state: 'none' (never applied), 'pending', 'rejected' (the latest decision,
 * with its reason), 'approved' (a seller), 'closed' (a shop an admin took away).
 */
export type SellerApplicationState = 'none' | 'pending' | 'rejected' | 'approved' | 'closed';

/** GET /api/seller-applications/mine: the signed-in user's application state and last decision. */
export interface OwnSellerApplication {
  state: SellerApplicationState;
  /** The latest decision, if any. */
  decision: ApplicationDecisionEntry | null;
}

/** One count of the admin's overview: what is waiting, and the screen that lists it. */
export interface AdminOverviewCount {
  /** Names the count; the screen's text for it is keyed by this (e.g. 'openApplications'). */
  key: string;
  count: number;
  /** The admin screen that lists these, with its filter (e.g. '/userlist?shop=waiting'). */
  href: string;
}

/** GET /api/admin/overview: orders and sales today and this month (Stockholm days), and open work. */
export interface AdminOverview {
  /** Today in Sweden, 'YYYY-MM-DD'. */
  today: string;
  /** Orders placed today and this month, cancelled ones left out; sales are their totals in SEK. */
  todayOrders: { orders: number; sales: number };
  thisMonth: { orders: number; sales: number };
  counts: AdminOverviewCount[];
}

/** One report in the admin's moderation queue or history (GET /api/reports). */
export interface ModerationReport {
  _id: string;
  /** The reported product (null for a shop report, or once the product was deleted). */
  product: { _id: string; name: string; removed: boolean } | null;
  /** The reported shop, or the reported product's seller. */
  seller: { _id: string; name: string; shopName: string | null };
  category: ReportCategory;
  text: string;
  /** The reporter's e-mail: their account's when signed in. */
  reporterEmail: string | null;
  createdAt: string;
  /** Null while open. */
  decision: ReportDecision | null;
  reason: string | null;
  decidedBy: { _id: string; name: string } | null;
  decidedAt: string | null;
}

export interface ModerationReportList {
  reports: ModerationReport[];
  page: number;
  pages: number;
  count: number;
}

/** A seller's product removed by moderation: the statement of reasons (GET /api/products/{id}/removal). */
export interface ProductRemoval {
  category: ReportCategory;
  reason: string;
  decidedAt: string;
}

/** GET/PUT/DELETE /api/users/me/favourites/{productId}: whether the signed-in user saved it. */
export interface FavouriteStateResponse {
  productId: string;
  saved: boolean;
}

/** GET /api/users/me/favourites: the saved products the public sees, the latest saved first. */
export interface FavouritesResponse {
  products: ProductSummary[];
}
