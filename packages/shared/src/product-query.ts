import { z } from 'zod';

/** Sort orders of product lists (spec: Search results). */
export const PRODUCT_ORDERS = ['newest', 'lowest', 'highest', 'toprated'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

export const DEFAULT_PUBLIC_PAGE_SIZE = 12;
export const MANAGEMENT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** A uuid, the shape of every id in Torget. */
export const idSchema = z.uuid({ message: 'Invalid id.' });

/**
 * Query of GET /api/products. Empty strings and the 'all' placeholder of the search routes
 * mean "no filter"; min, max and rating of 0 mean "no bound" (spec: search defaults).
 */
export const productListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PUBLIC_PAGE_SIZE),
  seller: z
    .string()
    .trim()
    .transform((s) => (s === '' ? undefined : s))
    .pipe(idSchema.optional())
    .optional(),
  name: z
    .string()
    .max(200)
    .transform((s) => (s.trim() === '' || s === 'all' ? undefined : s.trim()))
    .optional(),
  category: z
    .string()
    .max(100)
    .transform((s) => (s.trim() === '' || s === 'all' ? undefined : s.trim()))
    .optional(),
  min: z.coerce.number().min(0).max(100_000_000).default(0),
  max: z.coerce.number().min(0).max(100_000_000).default(0),
  rating: z.coerce.number().min(0).max(5).default(0),
  order: z.enum(PRODUCT_ORDERS).default('newest'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
