/**
 * Orders: the payloads of /api/orders* and /api/users/save_shipping_address (spec section 7),
 * and the pure rules of the cart and checkout (spec sections 4, 5, 8 and 9), shared by the
 * server and the web app.
 */
import { z } from 'zod';
import { idSchema } from './product-query';

export const PAYMENT_METHODS = ['PayPal', 'Swish'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** Tax is fixed at 0 (spec section 9). */
export const TAX_ORE = 0;

/** Most of one product in one order; far above any stock a small shop keeps. */
export const MAX_LINE_QTY = 10_000;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 100;

export const CART_SELLER_CONFLICT =
  "Can't add to cart. Buy from the first item's seller, named in the message, in this order.";
export const NO_PAYMENT_METHODS = 'No payment methods available.';
export const PAYMENT_DATE_MISSING = 'Please enter the payment date.';
export const DELIVERY_DATE_MISSING = 'Please enter the delivery date.';
export const ORDER_DELETED = 'Order was deleted.';

// ---------------------------------------------------------------------------------------------
// Payloads

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** The five shipping fields; all required (spec section 5). */
const shippingFields = {
  fullName: requiredText('Full name', 100),
  address: requiredText('Address', 200),
  city: requiredText('City', 100),
  postalCode: requiredText('Postal code', 20),
  country: requiredText('Country', 100),
};

export const shippingAddressSchema = z.object(shippingFields);
export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

/**
 * One cart line as the order needs it. The cart item carries more (name, price, seller …); those
 * keys are dropped here, because the server reads every price from the database.
 */
export const orderLineSchema = z.object({
  product: z.string({ message: 'Product is required.' }).pipe(idSchema),
  qty: z
    .number({ message: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}.`),
});

/** POST /api/orders: the cart's product ids and quantities, the address and the method. */
export const createOrderSchema = z.object({
  orderItems: z
    .array(orderLineSchema, { message: 'Cart is empty.' })
    .min(1, 'Cart is empty.')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Choose PayPal or Swish as payment method.' }),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/** Whether 'YYYY-MM-DD' names a day that exists (not 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/**
 * A date from the update form: 'YYYY-MM-DD' (the date input) or a full ISO timestamp. An empty
 * string or null means "no date" (the form sends that while the box is unticked).
 */
const optionalDate = (field: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null || value.trim() === '' ? undefined : value.trim()))
    .refine(
      (value) =>
        value === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(value) ? isCalendarDate(value) : isIsoTimestamp(value)),
      `${field} must be a date (YYYY-MM-DD).`,
    );

function isIsoTimestamp(text: string): boolean {
  return z.iso.datetime({ offset: true }).safeParse(text).success && isCalendarDate(text.slice(0, 10));
}

/** PUT /api/orders/{id}/update by the order's seller (Swish orders). A ticked box needs a date. */
export const orderUpdateSchema = z
  .object({
    is_paid: z.boolean({ message: 'is_paid must be true or false.' }),
    paid_date: optionalDate('Payment date'),
    is_delivered: z.boolean({ message: 'is_delivered must be true or false.' }),
    delivered_date: optionalDate('Delivery date'),
  })
  .superRefine((update, ctx) => {
    if (update.is_paid && !update.paid_date) {
      ctx.addIssue({ code: 'custom', path: ['paid_date'], message: PAYMENT_DATE_MISSING });
    }
    if (update.is_delivered && !update.delivered_date) {
      ctx.addIssue({ code: 'custom', path: ['delivered_date'], message: DELIVERY_DATE_MISSING });
    }
  });
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

/**
 * The moment a form date stands for. A bare day is taken as midnight UTC, so the first ten
 * characters of the stored timestamp (what every screen shows) are the day the seller picked.
 */
export function formDateToDate(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** PUT /api/users/save_shipping_address. The payload's `_id` is ignored: the token names the user. */
export const saveShippingAddressSchema = z.object({
  shipping_full_name: shippingFields.fullName,
  shipping_address: shippingFields.address,
  shipping_postal_code: shippingFields.postalCode,
  shipping_city: shippingFields.city,
  shipping_country: shippingFields.country,
});
export type SaveShippingAddressInput = z.infer<typeof saveShippingAddressSchema>;

/** GET /api/orders: `seller` is a seller's id, or empty for an admin's list of all orders. */
export const orderListQuerySchema = z.object({
  seller: z
    .string()
    .trim()
    .transform((s) => (s === '' ? undefined : s))
    .pipe(idSchema.optional())
    .optional(),
});

/** PUT /api/orders/{id}/pay: the PayPal SDK's result. Only the PayPal order id is used. */
export const paypalPaymentResultSchema = z.object({
  id: z
    .string({ message: 'The PayPal order id is missing.' })
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'The PayPal order id is not valid.'),
});

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
}

export type AddToCartResult<T> =
  | { ok: true; items: T[] }
  | { ok: false; error: string; seller: { _id: string; name: string } };

/** The name a cart shows for a seller: the shop name, or the user's name before one is set. */
export function sellerDisplayName(seller: CartSellerRef): string {
  return seller.seller.name || seller.name;
}

/**
 * Adds an item to the cart (spec section 4). The same product replaces its line in place;
 * another product is appended. An item from another seller than the first item's is refused:
 * the error is the spec's sentence followed by "Seller: <first item's shop name>", so the
 * sentence stays word for word and the name is still in the message.
 */
export function addToCart<T extends { product: string; seller: CartSellerRef }>(
  cartItems: readonly T[],
  item: T,
): AddToCartResult<T> {
  const first = cartItems[0];
  if (first && first.seller._id !== item.seller._id) {
    const name = sellerDisplayName(first.seller);
    return { ok: false, error: `${CART_SELLER_CONFLICT} Seller: ${name}`, seller: { _id: first.seller._id, name } };
  }
  const exists = cartItems.some((line) => line.product === item.product);
  const items = exists ? cartItems.map((line) => (line.product === item.product ? item : line)) : [...cartItems, item];
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
