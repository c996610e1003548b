/** Payloads of the account endpoints (spec section 7, /api/users/*), shared by server and forms. */
import { z } from 'zod';
import {
  EMAIL_MAX,
  hasEnoughDistinctCharacters,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_PLAIN,
  PASSWORDS_DIFFER,
  PROFILE_PASSWORDS_DIFFER,
  SIGNIN_PASSWORD_MAX,
} from '../rules/accounts';
import { ADMIN_SEARCH_MAX, SHOP_STATUS_QUERY_VALUES, USER_ROLE_FILTERS } from '../rules/admin-lists';
import { SHOP_STATUS_FILTER_KEYS } from '../rules/shop-status';
import { checkSellerFields, domainSchema, sellerFieldsSchema } from './sellers';

/** E-mails are compared and stored trimmed and lower-case. */
export const emailSchema = z
  .string({ message: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Email is too long.')
  .pipe(z.email({ pattern: z.regexes.unicodeEmail, message: 'Enter a valid e-mail address.' }));

export const passwordSchema = z
  .string({ message: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine(hasEnoughDistinctCharacters, PASSWORD_TOO_PLAIN);

export const nameSchema = z
  .string({ message: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`);

export const signinSchema = z.object({
  email: emailSchema,
  // Any length is accepted at sign-in: the check is against the stored hash.
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(SIGNIN_PASSWORD_MAX),
});

export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

/**
 * PUT /api/users/profile. The user is the token's, never the payload's `userId`; roles cannot be
 * set here. An empty password means "keep the current one". Seller fields: see sellers.ts.
 */
export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    password: z.union([z.literal(''), passwordSchema]).optional(),
  })
  .extend(sellerFieldsSchema.shape)
  .superRefine(checkSellerFields);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT /api/users/{id} by an admin. */
export const adminUserUpdateSchema = z.object({
  is_seller: z.boolean().optional(),
  is_admin: z.boolean().optional(),
  seller_domain: domainSchema.optional(),
  /** The seller's plan, changed by an admin (a move to a paid plan books its yearly fee). */
  seller_plan: z.enum(['1', '2', '3'], { message: 'seller_plan must be 1, 2 or 3.' }).optional(),
});

/** GET /api/users/ (admin): `shop` keeps the users of one shop status; '' or absent, all. */
/**
 * An admin list's search text: trimmed, at most ADMIN_SEARCH_MAX characters; empty means none.
 * (Also the order list's, schemas/orders.ts.)
 */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `search must be at most ${ADMIN_SEARCH_MAX} characters.`)
  .transform((text) => (text === '' ? undefined : text))
  .optional();

/** An optional filter word: one of `values`, or empty / absent for "no filter". */
export function filterWord<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .union([z.literal(''), z.enum(values, { message })])
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/**
 * GET /api/users/ (admin). The spec's call has no query; `shop` is decision 029's filter, and
 * `search`, `role` and `shop_status` were added for the admin's search (decision 270).
 */
export const userListQuerySchema = z.object({
  shop: z
    .union([
      z.literal(''),
      z.enum(SHOP_STATUS_FILTER_KEYS, {
        message: 'Filter by open, waiting or closed.',
      }),
    ])
    .optional(),
  search: adminSearchSchema,
  role: filterWord(USER_ROLE_FILTERS, 'role must be admin, seller or customer.'),
  shop_status: filterWord(SHOP_STATUS_QUERY_VALUES, 'shop_status must be applied, open or closed.'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  email: emailSchema,
  new_password: passwordSchema,
  reset_password_token: z.string().min(1, 'The reset link is incomplete.').max(200),
});

/*
 * The account forms of the web app: the payload schemas above plus the confirmation
 * field, whose mismatch message is the spec's (section 5). The forms validate with these
 * (react-hook-form + zodResolver) and send the payload fields only.
 */
const confirmPassword = z.string();

export const registerFormSchema = registerSchema
  .extend({ confirmPassword })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

export const resetPasswordFormSchema = z
  .object({ email: emailSchema, new_password: passwordSchema, confirmPassword })
  .refine((form) => form.new_password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/** The profile form: an empty password keeps the current one; the shop fields are checked by the server. */
export const profileFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: z.union([z.literal(''), passwordSchema]),
    confirmPassword,
    seller_name: z.string(),
    seller_logo: z.string(),
    seller_subtitle: z.string(),
    seller_description: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PROFILE_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/**
 * DELETE /api/users/me: the account's current password confirms the erasure. Any length is taken,
 * as at sign-in: the check is against the stored hash.
 */
export const deleteAccountSchema = z.object({
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(SIGNIN_PASSWORD_MAX),
});
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;
