/**
 * Orders: the pure rules of the cart and checkout (spec sections 4, 5, 8 and 9), shared by the
 * server and the web app. The payloads built on them are in schemas/orders.ts.
 */
import { isOneOf } from './one-of';

export const PAYMENT_METHODS = ['PayPal', 'Swish'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return isOneOf(PAYMENT_METHODS, value);
}

/** Tax is fixed at 0 (spec section 9). */
export const TAX_ORE = 0;

/** Most of one product in one order; far above any stock a small shop keeps. */
export const MAX_LINE_QTY = 10_000;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 100;

/**
 * The method the payment step starts from when none is stored yet (spec section 4). The step
 * itself switches to the seller's default (defaultPaymentMethod) once the seller is known.
 */
export const INITIAL_PAYMENT_METHOD: PaymentMethod = 'PayPal';

/** The five shipping address fields and their longest text; all required (spec section 5). */
export const SHIPPING_ADDRESS_LIMITS = {
  fullName: 100,
  address: 200,
  city: 100,
  postalCode: 20,
  country: 100,
} as const;
export type ShippingAddressField = keyof typeof SHIPPING_ADDRESS_LIMITS;
export const SHIPPING_ADDRESS_FIELDS = Object.keys(SHIPPING_ADDRESS_LIMITS) as readonly ShippingAddressField[];

/** The address when every one of its five fields holds text (not only spaces), otherwise null. */
export function completeShippingAddress(
  fields: Partial<Record<ShippingAddressField, string>>,
): Record<ShippingAddressField, string> | null {
  const { fullName, address, city, postalCode, country } = fields;
  if (!fullName?.trim() || !address?.trim() || !city?.trim() || !postalCode?.trim() || !country?.trim()) return null;
  return { fullName, address, city, postalCode, country };
}

export const CART_SELLER_CONFLICT =
  "Can't add to cart. Buy from the first item's seller, named in the message, in this order.";
export const NO_PAYMENT_METHODS = 'No payment methods available.';
export const PAYMENT_DATE_MISSING = 'Please enter the payment date.';
export const DELIVERY_DATE_MISSING = 'Please enter the delivery date.';
export const ORDER_DELETED = 'Order was deleted.';

// ---------------------------------------------------------------------------------------------
// Totals (spec section 9)

export interface CartLine {
  qty: number;
  priceOre: number;
  shippingPriceOre: number;
}

export interface CartTotals {
  itemsOre: number;
  shippingOre: number;
  taxOre: number;
  totalOre: number;
}

/** Items = Σ qty × price; shipping = Σ qty × per-item shipping; tax 0; total = the three summed. */
export function cartTotals(lines: readonly CartLine[]): CartTotals {
  let itemsOre = 0;
  let shippingOre = 0;
  for (const line of lines) {
    itemsOre += line.qty * line.priceOre;
    shippingOre += line.qty * line.shippingPriceOre;
  }
  return { itemsOre, shippingOre, taxOre: TAX_ORE, totalOre: itemsOre + shippingOre + TAX_ORE };
}

// ---------------------------------------------------------------------------------------------
// Cart

/** A cart item's seller: the product's user reference with the nested shop name. */
export interface CartSellerRef {
  _id: string;
  name: string;
  seller: { name: string };
}

/** A cart line in browser storage (spec section 3, Cart item). Prices are SEK numbers. */
export interface CartItem {
  product: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  qty: number;
  shipping_price: number;
  shipping_info: string;
  seller: CartSellerRef;
  /** Added beyond the spec: the product's moms rate when it was put in the cart (25 when absent). */
  vatRate?: number;
  /**
   * Added beyond the spec: the chosen variant of a product with variants and its name ("M, Blå");
   * `name` is then the line's whole name (rules/variants.ts, lineName).
   */
  variant?: string;
  variantName?: string;
}

/** What tells two cart lines apart: the product, and the variant of a product with variants. */
export function cartLineKey(item: { product: string; variant?: string | undefined }): string {
  return item.variant ? `${item.product}:${item.variant}` : item.product;
}

export type AddToCartResult<T> =
  | { ok: true; items: T[] }
  | { ok: false; error: string; seller: { _id: string; name: string } };

/** The name a cart shows for a seller: the shop name, or the user's name before one is set. */
export function sellerDisplayName(seller: CartSellerRef): string {
  return seller.seller.name || seller.name;
}

/**
 * Why an item was refused: the spec's sentence word for word, then one that names the
 * shop and says what to do: "Can't add to cart. Buy from the first item's seller, named in the
 * message, in this order. Your cart holds items from Annas Ateljé: buy from them in this order,
 * or empty the cart first."
 */
export function cartConflictMessage(sellerName: string): string {
  return `${CART_SELLER_CONFLICT} Your cart holds items from ${sellerName}: buy from them in this order, or empty the cart first.`;
}

/**
 * Adds an item to the cart (spec section 4). The same product (the same variant of a product
 * with variants) replaces its line in place;
 * another product is appended. An item from another seller than the first item's is refused
 * with cartConflictMessage.
 */
export function addToCart<T extends { product: string; variant?: string | undefined; seller: CartSellerRef }>(
  cartItems: readonly T[],
  item: T,
): AddToCartResult<T> {
  const first = cartItems[0];
  if (first && first.seller._id !== item.seller._id) {
    const name = sellerDisplayName(first.seller);
    return { ok: false, error: cartConflictMessage(name), seller: { _id: first.seller._id, name } };
  }
  // The same product's other variant is another line (cartLineKey).
  const key = cartLineKey(item);
  const exists = cartItems.some((line) => cartLineKey(line) === key);
  const items = exists ? cartItems.map((line) => (cartLineKey(line) === key ? item : line)) : [...cartItems, item];
  return { ok: true, items };
}

// ---------------------------------------------------------------------------------------------
// Payment methods (spec sections 4, 5 and 9)

export interface SellerPaymentSettings {
  has_paypal: boolean;
  has_swish: boolean;
  swish_number: string;
}

/** PayPal only if the seller has PayPal; Swish only if the seller has Swish with a number. */
export function paymentMethodsFor(seller: SellerPaymentSettings): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (seller.has_paypal) methods.push('PayPal');
  if (seller.has_swish && seller.swish_number.trim() !== '') methods.push('Swish');
  return methods;
}

/**
 * The payment step's default: Swish when the seller has a Swish number, otherwise PayPal when
 * the seller has PayPal. "Has a Swish number" is read as "offers Swish" (toggle on and a
 * number), so the default is always one of the methods offered; null when none is.
 */
export function defaultPaymentMethod(seller: SellerPaymentSettings): PaymentMethod | null {
  const offered = paymentMethodsFor(seller);
  if (offered.includes('Swish')) return 'Swish';
  if (offered.includes('PayPal')) return 'PayPal';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Swish

/** '123,45': öre as Swish writes amounts, with a decimal comma. */
export function swishAmount(amountOre: number): string {
  const kronor = Math.floor(amountOre / 100);
  const ore = amountOre % 100;
  return `${kronor},${String(ore).padStart(2, '0')}`;
}

/**
 * The text of a Swish prefilled QR code: `C<number>;<amount>;<message>;<lock>`. Lock 0 means
 * the payer can change none of the fields. Spaces and dashes leave the number; ';' (the field
 * separator) leaves the reference, which Swish cuts at 50 characters.
 */
export function swishQrPayload(swishNumber: string, amountOre: number, reference: string): string {
  const number = swishNumber.replace(/[\s-]/g, '');
  const message = reference.replaceAll(';', ' ').slice(0, 50);
  return `C${number};${swishAmount(amountOre)};${message};0`;
}

/** The payment a Swish order asks for: to the seller's number, the exact total, the order number as message. */
export interface SwishPaymentRequest {
  swishNumber: string;
  amountOre: number;
  message: string;
}

/**
 * The link that opens the Swish app with the payment filled in (a phone cannot scan its own
 * screen): `swish://payment?data=` and the URL-encoded JSON Swish reads, version 1, with payee,
 * amount (SEK, a JSON number: öre / 100 exactly) and message, none editable, as the QR code
 * locks them. Same number and message rules as swishQrPayload.
 */
export function swishAppLink({ swishNumber, amountOre, message }: SwishPaymentRequest): string {
  const data = {
    version: 1,
    payee: { value: swishNumber.replace(/[\s-]/g, ''), editable: false },
    amount: { value: amountOre / 100, editable: false },
    message: { value: message.replaceAll(';', ' ').slice(0, 50), editable: false },
  };
  return `swish://payment?data=${encodeURIComponent(JSON.stringify(data))}`;
}
