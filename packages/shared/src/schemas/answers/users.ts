/**
 * The users' answers: the seller profile, a user, the signed-in user, public sellers,
 * the admin list; an account as its caller sees it, and the notices of password resets and deletions.
 */
import { z } from 'zod';
import { sellerBriefSchema } from './catalog';

export const sellerProfileSchema = sellerBriefSchema
  .extend({
    description: z.string(),
    subtitle: z.string(),
    domain: z.string(),
    banner_background_image: z.string(),
    description_background_color: z.string(),
    description_text_color: z.string(),
    products_background_color: z.string(),
    name_text_color: z.string(),
    subtitle_text_color: z.string(),
    footer_background_color: z.string(),
    footer_text_color: z.string(),
    address: z.string(),
    post_number: z.string(),
    city: z.string(),
    phone: z.string(),
    organisation_number: z.string(),
    plan: z.string(),
    has_swish: z.boolean(),
    swish_number: z.string(),
    has_paypal: z.boolean(),
    email: z.string().describe("The shop's public e-mail: its own field, first the login e-mail."),
    type: z
      .string()
      .describe("'business' or 'private' (rules/seller-identity.ts); '' for a shop that has not said yet."),
    legal_name: z.string().describe("The business's registered name, or the private person's full name."),
    self_certified_at: z
      .string()
      .nullable()
      .describe('When the seller certified that they only offer products that comply with EU law; null before.'),
    personal_number: z
      .string()
      .optional()
      .describe(
        "A private seller's personal identity number: only in the answers to the seller themself (masked, ÅÅÅÅMMDD-****) and to admins (whole); never in a public answer.",
      ),
  })
  .meta({ id: 'SellerProfile', description: 'The full seller object of spec section 3.' });

export const userDetailsSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    is_seller: z.boolean(),
    wants_to_be_seller: z.boolean(),
    createdAt: z.string(),
    seller: sellerProfileSchema.nullable(),
    shipping_full_name: z.string(),
    shipping_address: z.string(),
    shipping_postal_code: z.string(),
    shipping_city: z.string(),
    shipping_country: z.string(),
    unreadMessages: z
      .number()
      .int()
      .optional()
      .describe(
        "Added: the messages on the reader's own orders (bought or sold) they have not read yet, for the header menu's badge. Only when a user reads their own account with GET /api/users/{id}.",
      ),
  })
  .meta({
    id: 'UserDetails',
    description: 'A user as the user themself and admins see them. `token` comes with sign-in answers.',
  });

export const signedInUserSchema = userDetailsSchema
  .extend({
    token: z.string(),
  })
  .meta({
    id: 'SignedInUser',
    description: 'Sign-in, registration and profile answers: the user with a fresh token (stored as userInfo).',
  });

export const publicSellerSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    is_seller: z.boolean(),
    seller: sellerProfileSchema,
  })
  .meta({ id: 'PublicSeller', description: 'What anyone may see of a seller (storefront, payment choice).' });

export const userListEntrySchema = userDetailsSchema
  .pick({
    _id: true,
    name: true,
    email: true,
    is_admin: true,
    is_seller: true,
    wants_to_be_seller: true,
    createdAt: true,
  })
  .meta({ id: 'UserListEntry', description: 'One row of the admin user list.' });

export const userAsSeenSchema = z.union([userDetailsSchema, publicSellerSchema]).meta({
  id: 'UserAsSeen',
  description:
    'GET /api/users/{id}: the whole account to the user themself and to admins (UserDetails), otherwise what a storefront shows of a seller (PublicSeller).',
});

export const userListSchema = z.array(userListEntrySchema).meta({
  id: 'UserList',
  description: 'GET /api/users (admins): one page of users; X-Total-Count and Link headers give the rest.',
});

export const passwordResetRequestedSchema = z
  .strictObject({
    message: z
      .string()
      .describe('Always "If an account exists for this e-mail, we have sent a link to reset the password."'),
  })
  .meta({
    id: 'PasswordResetRequested',
    description: 'POST /api/users/forgot_password: the same answer whether or not the e-mail has an account.',
  });

export const passwordResetDoneSchema = z
  .strictObject({ message: z.string().describe('Always "Password was reset."') })
  .meta({ id: 'PasswordResetDone', description: 'POST /api/users/reset_password: the new password is set.' });

export const accountDeletedSchema = z
  .strictObject({ message: z.string().describe('Always "Your account was deleted."') })
  .meta({ id: 'AccountDeleted', description: "DELETE /api/users/me: the caller's account is erased." });

export const userDeletedSchema = z
  .strictObject({ message: z.string().describe('Always "User deleted successfully."') })
  .meta({ id: 'UserDeleted', description: 'DELETE /api/users/{id} (admins): the account is deleted.' });
