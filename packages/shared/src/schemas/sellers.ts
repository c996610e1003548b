/**
 * The seller fields of PUT /api/users/profile: the shop settings form, the seller application,
 * and the shop name/logo/description/subtitle the profile screen sends (spec section 7). The
 * fields, their limits and texts are the seller field table's (rules/seller-fields.ts).
 */
import { z } from 'zod';
import { DOMAIN_PATTERN } from '../rules/hosts';
import { LOGO_MISSING, SELLER_FIELDS, type SellerFieldKey, SWISH_NUMBER_MISSING } from '../rules/seller-fields';
import { isValidOrganisationNumber, normalisePostNumber, normaliseSwishNumber } from '../rules/sweden';
import { STORED_IMAGE_MESSAGE, STORED_IMAGE_PATTERN } from '../rules/uploads';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
/** The trimmed text of a seller field, at most as long as the table allows. */
const fieldText = (key: Exclude<SellerFieldKey, 'has_logo' | 'has_swish' | 'has_paypal'>) =>
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

const organisationNumber = fieldText('organisation_number').refine(
  (value) => value === '' || isValidOrganisationNumber(value),
  'Organisation numbers are written NNNNNN-NNNN and end in a valid check digit.',
);

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
    if (!fields[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required.` });
  }
  if (fields.seller_has_swish && !fields.seller_swish_number) {
    ctx.addIssue({ code: 'custom', path: ['seller_swish_number'], message: SWISH_NUMBER_MISSING });
  }
  if (fields.seller_has_logo && !fields.seller_logo) {
    ctx.addIssue({ code: 'custom', path: ['seller_logo'], message: LOGO_MISSING });
  }
}
