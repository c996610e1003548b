/**
 * The seller fields of PUT /api/users/profile: the shop settings form, the seller application,
 * and the shop name/logo/description/subtitle the profile screen sends (spec section 7). The
 * fields, their limits and texts are the seller field table's (rules/seller-fields.ts).
 */
import { z } from 'zod';
import { DOMAIN_PATTERN } from '../rules/hosts';
import { LOGO_MISSING, SELLER_FIELDS, type SellerFieldKey, SWISH_NUMBER_MISSING } from '../rules/seller-fields';
import {
  checkOrganisationNumber,
  checkPersonalNumber,
  isSellerType,
  SELLER_IDENTITY_MAX,
  SELLER_IDENTITY_MESSAGES,
} from '../rules/seller-identity';
import { normalisePostNumber, normaliseSwishNumber } from '../rules/sweden';
import { STORED_IMAGE_MESSAGE, STORED_IMAGE_PATTERN } from '../rules/uploads';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
/** The trimmed text of a seller field, at most as long as the table allows. */
const fieldText = (key: Exclude<SellerFieldKey, 'has_logo' | 'has_swish' | 'has_paypal' | 'type'>) =>
  text(SELLER_FIELDS[key].max);

/** Images are ours: a path under /uploads that the upload endpoint answered, or nothing. */
const uploadedImage = (key: 'logo' | 'banner_background_image') =>
  fieldText(key).regex(STORED_IMAGE_PATTERN, STORED_IMAGE_MESSAGE);

const color = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'Colours are written #RRGGBB.');

const postNumber = fieldText('post_number').transform((value, ctx) => {
  if (value === '') return '';
  const normalised = normalisePostNumber(value);
  if (!normalised) ctx.addIssue({ code: 'custom', message: 'Post numbers are written NNN NN.' });
  return normalised ?? value;
});

/** Checked with `organisationsnummer` and written NNNNNN-NNNN (rules/seller-identity.ts). */
const organisationNumber = fieldText('organisation_number').transform((value, ctx) => {
  if (value === '') return '';
  const checked = checkOrganisationNumber(value);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  return checked.ok ? checked.number : value;
});

/** Checked with `personnummer` and written ÅÅÅÅMMDD-NNNN; never shown publicly. */
const personalNumber = text(SELLER_IDENTITY_MAX.personalNumber).transform((value, ctx) => {
  if (value === '') return '';
  const checked = checkPersonalNumber(value);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  return checked.ok ? checked.number : value;
});

const swishNumber = fieldText('swish_number').transform((value, ctx) => {
  if (value === '') return '';
  const normalised = normaliseSwishNumber(value);
  if (!normalised) ctx.addIssue({ code: 'custom', message: 'A Swish number has ten digits.' });
  return normalised ?? value;
});

/** A host name such as shop.example.se: lower-case labels of letters, digits and hyphens. */
export const domainSchema = fieldText('domain')
  .toLowerCase()
  // Empty (no domain) or the host-name rule of rules/hosts.ts.
  .regex(
    new RegExp(`^$|${DOMAIN_PATTERN.source}`),
    'Enter a domain such as butik.example.se, without http:// or a path.',
  );

export const phoneSchema = fieldText('phone').regex(
  /^[0-9 +()-]*$/,
  'Phone numbers hold digits, spaces, +, - and brackets.',
);

export const sellerFieldsSchema = z.object({
  seller_name: fieldText('name').optional(),
  seller_logo: uploadedImage('logo').optional(),
  seller_has_logo: z.boolean().optional(),
  seller_description: z
    .string()
    .max(SELLER_FIELDS.description.max, `At most ${SELLER_FIELDS.description.max} characters.`)
    .optional(),
  seller_subtitle: fieldText('subtitle').optional(),
  seller_banner_background_image: uploadedImage('banner_background_image').optional(),
  seller_description_background_color: color.optional(),
  seller_description_text_color: color.optional(),
  seller_products_background_color: color.optional(),
  seller_name_text_color: color.optional(),
  seller_subtitle_text_color: color.optional(),
  seller_footer_background_color: color.optional(),
  seller_footer_text_color: color.optional(),
  seller_address: fieldText('address').optional(),
  seller_post_number: postNumber.optional(),
  seller_city: fieldText('city').optional(),
  seller_phone: phoneSchema.optional(),
  seller_organisation_number: organisationNumber.optional(),
  seller_has_swish: z.boolean().optional(),
  seller_swish_number: swishNumber.optional(),
  seller_has_paypal: z.boolean().optional(),
  seller_domain: domainSchema.optional(),
  /** The shop's public e-mail, shown in the storefront footer; empty shows none. */
  seller_email: text(254)
    .toLowerCase()
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Enter an e-mail address such as butik@example.se.',
    )
    .optional(),
  /** Who sells (rules/seller-identity.ts): a business or a private person. */
  // Text, as the seller field table types it; '' is "not chosen", which the identity check refuses.
  seller_type: text(SELLER_FIELDS.type.max)
    .refine((value): boolean => value === '' || isSellerType(value), SELLER_IDENTITY_MESSAGES.typeRequired)
    .optional(),
  seller_legal_name: fieldText('legal_name').optional(),
  /** A private seller's personal identity number (a business's number is the organisation number). */
  seller_personal_number: personalNumber.optional(),
  /** "I only offer products that comply with EU law": the time it is first sent true is kept. */
  seller_self_certified: z.boolean().optional(),
  /** The application: sent as true by the Create Shop form, with the plan chosen. */
  wants_to_be_seller: z.literal(true).optional(),
  seller_plan: z.enum(['1', '2'], { message: 'Choose plan 1 or 2.' }).optional(),
});
export type SellerFields = z.infer<typeof sellerFieldsSchema>;

const APPLICATION_REQUIRED = [
  ['seller_address', 'Address'],
  ['seller_post_number', 'Post number'],
  ['seller_city', 'City'],
  ['seller_phone', 'Phone'],
  ['seller_organisation_number', 'Organisation number'],
] as const;
const SETTINGS_REQUIRED = [['seller_name', 'Shop name'], ...APPLICATION_REQUIRED] as const;

/**
 * Rules across fields: an application needs its contact fields, the settings form (recognised
 * by its address field) needs those and the shop name; Swish on needs a number, logo on a logo.
 */
export function checkSellerFields(fields: SellerFields, ctx: z.RefinementCtx): void {
  const required = fields.wants_to_be_seller
    ? APPLICATION_REQUIRED
    : fields.seller_address !== undefined
      ? SETTINGS_REQUIRED
      : [];
  for (const [key, label] of required) {
    // A private seller has no organisation number: their personal number is asked instead.
    if (key === 'seller_organisation_number' && fields.seller_type === 'private') continue;
    if (!fields[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required.` });
  }
  // Who sells is asked on every form, and checked in full once it is stated. An application in
  // the spec's payload (no type) is still taken: the admin sees the identity missing in the
  // queue before deciding (docs/decisions/260-seller-identity.md).
  if (fields.seller_type) checkSellerIdentity(fields, ctx, required.length > 0);
  if (fields.seller_has_swish && !fields.seller_swish_number) {
    ctx.addIssue({ code: 'custom', path: ['seller_swish_number'], message: SWISH_NUMBER_MISSING });
  }
  if (fields.seller_has_logo && !fields.seller_logo) {
    ctx.addIssue({ code: 'custom', path: ['seller_logo'], message: LOGO_MISSING });
  }
}

/**
 * The seller's identity (docs/decisions/260-seller-identity.md): the type, the legal name, the
 * number that fits the type, and the self-certification.
 */
function checkSellerIdentity(fields: SellerFields, ctx: z.RefinementCtx, contactChecked: boolean): void {
  const issue = (path: keyof SellerFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!fields.seller_type) issue('seller_type', SELLER_IDENTITY_MESSAGES.typeRequired);
  if (!fields.seller_legal_name) issue('seller_legal_name', SELLER_IDENTITY_MESSAGES.legalNameRequired);
  // The contact fields' check above already asked for the organisation number, when it ran.
  if (fields.seller_type === 'business' && !contactChecked && !fields.seller_organisation_number) {
    issue('seller_organisation_number', 'Organisation number is required.');
  }
  // The settings may leave it empty to keep the stored one (the server checks there is one).
  if (fields.wants_to_be_seller && fields.seller_type === 'private' && !fields.seller_personal_number) {
    issue('seller_personal_number', SELLER_IDENTITY_MESSAGES.personalNumberRequired);
  }
  if (fields.seller_self_certified !== true) {
    issue('seller_self_certified', SELLER_IDENTITY_MESSAGES.selfCertificationRequired);
  }
}
