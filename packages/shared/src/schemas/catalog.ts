/** Payloads of the catalogue's write endpoints (spec section 7, /api/products*). */
import { z } from 'zod';
import {
  hasAtMostTwoDecimals,
  MAX_PRODUCT_IMAGES,
  PRODUCT_LIMITS,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
} from '../rules/catalog';
import { stockholmLocalToDate } from '../rules/dates';
import { INT4_MAX } from '../rules/integers';
import { sekToOre } from '../rules/money';
import { SALE_ENDS_BEFORE_START, SALE_INCOMPLETE, saleProblem } from '../rules/sale-prices';
import { STORED_IMAGE_MESSAGE, STORED_IMAGE_PATTERN } from '../rules/uploads';
import { MAX_OPTIONS, MAX_VARIANTS, VARIANT_LIMITS, VARIANT_MESSAGES, variantProblem } from '../rules/variants';
import { isVatRate, VAT_RATES, type VatRate } from '../rules/vat';

/**
 * A number, or a string holding one (form inputs, where a Swedish seller types a decimal comma:
 * "249,50"); never booleans, null or empty strings.
 */
const numeric = (field: string) =>
  z.union([
    z.number({ message: `${field} must be a number.` }),
    z
      .string()
      .trim()
      .regex(/^-?\d+([.,]\d+)?$/, `${field} must be a number.`)
      .transform((text) => Number(text.replace(',', '.'))),
  ]);

/** A path the upload endpoint answered (ours only, as a shop's logo and banner), or nothing. */
const storedImage = z.string().trim().max(PRODUCT_LIMITS.image).regex(STORED_IMAGE_PATTERN, STORED_IMAGE_MESSAGE);

/** A SEK amount: not negative, at most two decimals, below ten million. */
const sekAmount = (field: string) =>
  z
    .number({ message: `${field} must be a number.` })
    .min(0, `${field} cannot be negative.`)
    .max(PRODUCT_LIMITS.priceSek, `${field} is too large.`)
    .refine(hasAtMostTwoDecimals, `${field} can have at most two decimals.`);

/** A sale's amount, or null (or an empty form field) for none. */
const saleAmount = z.preprocess(
  (value) => (value === '' ? null : value),
  numeric('Sale price').pipe(sekAmount('Sale price')).nullable(),
);

/**
 * A sale's start or end: an ISO time with its offset ('2026-12-01T08:00:00.000Z', as the API
 * writes times), a form's Stockholm date and time ('2026-12-01T09:00': every time shown is
 * Sweden's), or null (or an empty form field) for none.
 */
const saleTime = (field: string) =>
  z
    .string({ message: `${field} must be a date and time.` })
    .trim()
    .nullable()
    .transform((text, ctx) => {
      if (text === null || text === '') return null;
      const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)
        ? stockholmLocalToDate(text)
        : z.iso.datetime({ offset: true }).safeParse(text).success
          ? new Date(text)
          : null;
      if (date === null) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a date and time.` });
        return z.NEVER;
      }
      return date;
    });

/** One option of a product with variants: its name and values (rules/variants.ts). */
const optionSchema = z.object({
  name: z.string().trim().max(VARIANT_LIMITS.optionName, `At most ${VARIANT_LIMITS.optionName} characters.`),
  values: z
    .array(z.string().trim().max(VARIANT_LIMITS.optionValue, `At most ${VARIANT_LIMITS.optionValue} characters.`))
    .max(MAX_VARIANTS, VARIANT_MESSAGES.tooManyVariants),
});

/** Absent, null or '' all mean "none" (the product's price, no SKU, the product's image). */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** One variant as the edit form sends it; `_id` names a saved variant (its id stays, so carts and orders keep it). */
const variantSchema = z.object({
  _id: z.uuid({ message: 'Unknown variant.' }).optional(),
  values: z.array(z.string().trim()).max(MAX_OPTIONS, VARIANT_MESSAGES.valueCount),
  countInStock: numeric('Count in stock').pipe(
    z
      .number()
      .int('Count in stock must be a whole number.')
      .min(0, 'Count in stock cannot be negative.')
      .max(PRODUCT_LIMITS.countInStock),
  ),
  price: z.preprocess(blankAsNull, numeric('Price').pipe(sekAmount('Price')).nullable()),
  sku: z.preprocess(blankAsNull, z.string().trim().max(VARIANT_LIMITS.sku).nullable()),
  image: z.preprocess(blankAsNull, storedImage.min(1, STORED_IMAGE_MESSAGE).nullable()),
});
export type VariantInput = z.infer<typeof variantSchema>;

/** PUT /api/products/{id}. Every field is required, as the edit form always sends them all. */
const productFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(PRODUCT_LIMITS.name),
  price: numeric('Price').pipe(sekAmount('Price')),
  image: storedImage.default(''),
  /**
   * Added beyond the spec: the product's images in order, the first being `image`. When sent it is
   * what is saved and `image` becomes its first; when left out (the spec's payload) `image`
   * replaces the first of the saved images and the rest stay.
   */
  images: z
    .array(storedImage.min(1, STORED_IMAGE_MESSAGE))
    .max(MAX_PRODUCT_IMAGES, `A product has at most ${MAX_PRODUCT_IMAGES} images.`)
    .refine((paths) => new Set(paths).size === paths.length, 'An image is listed twice.')
    .optional(),
  category: z.string().trim().max(PRODUCT_LIMITS.category).default(''),
  brand: z.string().trim().max(PRODUCT_LIMITS.brand).default(''),
  countInStock: numeric('Count in stock').pipe(
    z
      .number()
      .int('Count in stock must be a whole number.')
      .min(0, 'Count in stock cannot be negative.')
      .max(PRODUCT_LIMITS.countInStock),
  ),
  description: z.string().max(PRODUCT_LIMITS.description).default(''),
  shipping_price: numeric('Shipping price').pipe(sekAmount('Shipping price')).default(0),
  shipping_info: z.string().trim().max(PRODUCT_LIMITS.shippingInfo).default(''),
  /** Added beyond the spec: the moms rate the price includes; absent, the product keeps its rate. */
  vatRate: numeric('VAT rate')
    .pipe(z.custom<VatRate>(isVatRate, `VAT rate must be one of ${VAT_RATES.join(', ')} %.`))
    .optional(),
  /** Added beyond the spec: take the product off sale (true) or show it again (false); absent, unchanged. */
  hidden: z.boolean({ message: 'hidden must be true or false.' }).optional(),
  /**
   * The product's `version` when the form was loaded. A save over a product that
   * changed since (an edit, a sale) is refused with 409. Absent: no check, as the spec's payload.
   */
  version: z
    .number({ message: 'version must be a number.' })
    .int('version must be a whole number.')
    .min(0, 'version cannot be negative.')
    .max(INT4_MAX, 'version is too large.')
    .optional(),
  /**
   * Added beyond the spec: a sale price, in force from `saleStartsAt` until `saleEndsAt`; all
   * three, or all three null to end a sale. Absent (the spec's payload), the product keeps its sale.
   */
  salePrice: saleAmount.optional(),
  saleStartsAt: saleTime('Sale start').optional(),
  saleEndsAt: saleTime('Sale end').optional(),
  /**
   * Added beyond the spec: the product's options and variants (rules/variants.ts). Sent together;
   * absent, the saved ones stay. With variants, `countInStock` is their stock's sum, whatever
   * the payload says.
   */
  options: z.array(optionSchema).max(MAX_OPTIONS, VARIANT_MESSAGES.tooManyOptions).optional(),
  variants: z.array(variantSchema).max(MAX_VARIANTS, VARIANT_MESSAGES.tooManyVariants).optional(),
});

export const productUpdateSchema = productFieldsSchema.superRefine((value, ctx) => {
  saleIssue(value, ctx);
  variantIssue(value, ctx);
});

type ProductFields = z.infer<typeof productFieldsSchema>;

/** A sale's fields: all three or none, the sale price below the price, the end after the start. */
function saleIssue(value: ProductFields, ctx: z.RefinementCtx): void {
  const said = [value.salePrice, value.saleStartsAt, value.saleEndsAt];
  if (said.every((field) => field === undefined)) return;
  const problem = saleProblem({
    priceOre: sekToOre(value.price),
    salePriceOre: value.salePrice == null ? null : sekToOre(value.salePrice),
    saleStartsAt: value.saleStartsAt ?? null,
    saleEndsAt: value.saleEndsAt ?? null,
  });
  if (problem === null) return;
  const path =
    problem === SALE_ENDS_BEFORE_START
      ? 'saleEndsAt'
      : problem === SALE_INCOMPLETE
        ? (['salePrice', 'saleStartsAt', 'saleEndsAt'] as const).find((_, i) => said[i] == null)
        : 'salePrice';
  ctx.addIssue({ code: 'custom', message: problem, path: [path ?? 'salePrice'] });
}

/** Options and variants: sent together, and a variant per combination of the options' values. */
function variantIssue(product: ProductFields, context: z.RefinementCtx): void {
  if (product.options === undefined && product.variants === undefined) return;
  if (product.options === undefined || product.variants === undefined) {
    context.addIssue({ code: 'custom', message: 'Send options and variants together.', path: ['variants'] });
    return;
  }
  const problem = variantProblem(product.options, product.variants);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['variants'] });
}

export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** POST /api/products/{id}/reviews. The reviewer's name is taken from the account. */
export const reviewSchema = z.object({
  rating: z
    .number({ message: 'Please enter rating.' })
    .int('Please enter rating.')
    .min(RATING_MIN, 'Please enter rating.')
    .max(RATING_MAX, `Rating is at most ${RATING_MAX}.`),
  comment: z
    .string({ message: 'Please enter comment.' })
    .trim()
    .min(1, 'Please enter comment.')
    .max(REVIEW_COMMENT_MAX),
  name: z.string().optional(),
});
