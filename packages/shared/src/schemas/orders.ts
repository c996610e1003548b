/**
 * The payloads of /api/orders* and /api/users/save_shipping_address (spec section 7), built on
 * the order rules (rules/orders.ts) and date rules (rules/dates.ts).
 */
import { z } from 'zod';
import { ORDER_STATE_FILTERS } from '../rules/admin-lists';
import { isCalendarDate } from '../rules/dates';
import {
  DELIVERY_DATE_MISSING,
  MAX_LINE_QTY,
  MAX_ORDER_LINES,
  PAYMENT_DATE_MISSING,
  PAYMENT_METHODS,
  SHIPPING_ADDRESS_LIMITS,
} from '../rules/orders';
import { MAX_ORDER_EXPORT_DAYS } from '../rules/product-csv';
import { adminSearchSchema, filterWord } from './accounts';
import { idSchema, optionalIdSchema } from './product-query';

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** The five shipping fields; all required (spec section 5). */
const shippingFields = {
  fullName: requiredText('Full name', SHIPPING_ADDRESS_LIMITS.fullName),
  address: requiredText('Address', SHIPPING_ADDRESS_LIMITS.address),
  city: requiredText('City', SHIPPING_ADDRESS_LIMITS.city),
  postalCode: requiredText('Postal code', SHIPPING_ADDRESS_LIMITS.postalCode),
  country: requiredText('Country', SHIPPING_ADDRESS_LIMITS.country),
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
  /** Added beyond the spec: the chosen variant of a product with variants (rules/variants.ts). */
  variant: optionalIdSchema,
});

const paymentMethodSchema = z.enum(PAYMENT_METHODS, { message: 'Choose PayPal or Swish as payment method.' });

/** The payment step's form (/payment): one of the methods. */
export const paymentChoiceSchema = z.object({ paymentMethod: paymentMethodSchema });
export type PaymentChoiceInput = z.infer<typeof paymentChoiceSchema>;

/** POST /api/orders: the cart's product ids and quantities, the address and the method. */
export const createOrderSchema = z.object({
  orderItems: z
    .array(orderLineSchema, { message: 'Cart is empty.' })
    .min(1, 'Cart is empty.')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`),
  shippingAddress: shippingAddressSchema,
  paymentMethod: paymentMethodSchema,
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

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
/**
 * The incoming-order list's filters: Swish orders whose payment the seller has to
 * confirm (not paid, not cancelled), and paid orders still to deliver.
 */
export const INCOMING_ORDER_FILTERS = ['to_confirm_payment', 'to_deliver'] as const;
export type IncomingOrderFilter = (typeof INCOMING_ORDER_FILTERS)[number];

/** A Stockholm day of the order list's date range, 'YYYY-MM-DD'; empty means no bound. */
const listDay = (field: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text)), {
      message: `${field} must be a date (YYYY-MM-DD).`,
    })
    .transform((text) => (text === '' ? undefined : text))
    .optional();

export const orderListQuerySchema = z.object({
  seller: optionalIdSchema,
  /** Added beyond the spec; absent or '' lists every order. */
  status: z
    .union([z.literal(''), z.enum(INCOMING_ORDER_FILTERS, { message: 'Filter by to_confirm_payment or to_deliver.' })])
    .optional(),
  /**
   * Added for the admin's search (decision 270), admins only: an order number (T-100001), or
   * text in the buyer's name or e-mail or the shop's name; one state; the Stockholm days from
   * and to, both included.
   */
  search: adminSearchSchema,
  state: filterWord(ORDER_STATE_FILTERS, 'state must be unpaid, paid, shipped, delivered or cancelled.'),
  from: listDay('from'),
  to: listDay('to'),
});
/** `to` before `from` (checked by the list, since a refined object cannot be extended with paging). */
export const ORDER_RANGE_REVERSED = 'Invalid to in querystring: to must not be before from.';
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** PUT /api/orders/{id}/pay: the PayPal SDK's result. Only the PayPal order id is used. */
export const paypalPaymentResultSchema = z.object({
  id: z
    .string({ message: 'The PayPal order id is missing.' })
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'The PayPal order id is not valid.'),
});

/** GET /api/orders/export.csv: the Stockholm days from and to, both included, both needed. */
const exportDay = (field: string) =>
  z
    .string({ message: `${field} is required.` })
    .trim()
    .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text), {
      message: `${field} must be a date (YYYY-MM-DD).`,
    });

export const orderExportQuerySchema = z
  .object({ from: exportDay('from'), to: exportDay('to') })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from.', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_ORDER_EXPORT_DAYS, {
    message: `A range of at most ${MAX_ORDER_EXPORT_DAYS} days.`,
    path: ['to'],
  });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
