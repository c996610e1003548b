/** Payloads of the catalogue's write endpoints (spec section 7, /api/products*). */
import { z } from 'zod';

/** A number, or a string holding one (form inputs); never booleans, null or empty strings. */
const numeric = (field: string) =>
  z.union([
    z.number({ message: `${field} must be a number.` }),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, `${field} must be a number.`)
      .transform(Number),
  ]);

/** A SEK amount: not negative, at most two decimals, below ten million. */
const sekAmount = (field: string) =>
  z
    .number({ message: `${field} must be a number.` })
    .min(0, `${field} cannot be negative.`)
    .max(9_999_999.99, `${field} is too large.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${field} can have at most two decimals.`);

/** PUT /api/products/{id}. Every field is required, as the edit form always sends them all. */
export const productUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200),
  price: numeric('Price').pipe(sekAmount('Price')),
  image: z.string().trim().max(500).default(''),
  category: z.string().trim().max(100).default(''),
  brand: z.string().trim().max(100).default(''),
  countInStock: numeric('Count in stock').pipe(
    z
      .number()
      .int('Count in stock must be a whole number.')
      .min(0, 'Count in stock cannot be negative.')
      .max(1_000_000),
  ),
  description: z.string().max(20_000).default(''),
  shipping_price: numeric('Shipping price').pipe(sekAmount('Shipping price')).default(0),
  shipping_info: z.string().trim().max(1000).default(''),
  /**
   * The product's `version` when the form was loaded (issue 15). A save over a product that
   * changed since (an edit, a sale) is refused with 409. Absent: no check, as the spec's payload.
   */
  version: z.number({ message: 'version must be a number.' }).int().min(0).optional(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const PRODUCT_CHANGED =
  'This product changed since you opened it (for example, items were sold). The form now shows the current values; please make your changes again and save.';

export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** POST /api/products/{id}/reviews. The reviewer's name is taken from the account. */
export const reviewSchema = z.object({
  rating: z
    .number({ message: 'Please enter rating.' })
    .int('Please enter rating.')
    .min(1, 'Please enter rating.')
    .max(5, 'Rating is at most 5.'),
  comment: z.string({ message: 'Please enter comment.' }).trim().min(1, 'Please enter comment.').max(2000),
  name: z.string().optional(),
});

export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
export const UPLOAD_TOO_BIG = 'Too big image. Max size: 4 MB.';
