/**
 * The seller fields: one table for the fields of a shop (spec section 3, Seller object, and
 * section 7, PUT /api/users/profile). Each field has three names, all derived from its key:
 * `name` in the seller object, `seller_name` in the profile payload and the settings form, and
 * its column in the sellers table. The form values, the payload-to-column changes and the seller
 * object are generated from this table, so a new field is added here once.
 */

interface TextField {
  readonly column: string;
  readonly kind: 'text';
  /** Longest text the field takes. */
  readonly max: number;
}
interface FlagField {
  readonly column: string;
  readonly kind: 'flag';
}

const colour = <C extends string>(column: C) => ({ column, kind: 'text', max: 7 }) as const;

export const SELLER_FIELDS = {
  name: { column: 'name', kind: 'text', max: 100 },
  logo: { column: 'logo', kind: 'text', max: 500 },
  has_logo: { column: 'hasLogo', kind: 'flag' },
  description: { column: 'description', kind: 'text', max: 20_000 },
  subtitle: { column: 'subtitle', kind: 'text', max: 200 },
  domain: { column: 'domain', kind: 'text', max: 253 },
  banner_background_image: { column: 'bannerBackgroundImage', kind: 'text', max: 500 },
  description_background_color: colour('descriptionBackgroundColor'),
  description_text_color: colour('descriptionTextColor'),
  products_background_color: colour('productsBackgroundColor'),
  name_text_color: colour('nameTextColor'),
  subtitle_text_color: colour('subtitleTextColor'),
  footer_background_color: colour('footerBackgroundColor'),
  footer_text_color: colour('footerTextColor'),
  address: { column: 'address', kind: 'text', max: 200 },
  post_number: { column: 'postNumber', kind: 'text', max: 10 },
  city: { column: 'city', kind: 'text', max: 100 },
  phone: { column: 'phone', kind: 'text', max: 30 },
  organisation_number: { column: 'organisationNumber', kind: 'text', max: 11 },
  has_swish: { column: 'hasSwish', kind: 'flag' },
  swish_number: { column: 'swishNumber', kind: 'text', max: 20 },
  has_paypal: { column: 'hasPaypal', kind: 'flag' },
  /** The shop's public e-mail, shown in the storefront footer; first the login e-mail. */
  email: { column: 'email', kind: 'text', max: 254 },
  /** 'business' or 'private' (rules/seller-identity.ts); '' for a shop from before it was asked. */
  type: { column: 'sellerType', kind: 'text', max: 8 },
  /** The registered name of the business, or the private person's full name. */
  legal_name: { column: 'legalName', kind: 'text', max: 200 },
} as const satisfies Record<string, TextField | FlagField>;

type Table = typeof SELLER_FIELDS;
/** A field's key in the seller object: `name`, `has_logo`, … */
export type SellerFieldKey = keyof Table;
export type SellerFieldValue<K extends SellerFieldKey> = Table[K]['kind'] extends 'flag' ? boolean : string;
/** The fields as the seller object holds them. */
export type SellerFieldProfile = { [K in SellerFieldKey]: SellerFieldValue<K> };
/** The fields as the settings form and the profile payload name them: `seller_name`, … */
export type SellerFormValues = { [K in SellerFieldKey as `seller_${K}`]: SellerFieldValue<K> };
/** The fields by their column in the sellers table. */
export type SellerFieldColumns = { [K in SellerFieldKey as Table[K]['column']]: SellerFieldValue<K> };

export const SELLER_FIELD_KEYS = Object.keys(SELLER_FIELDS) as SellerFieldKey[];

/** `seller_name` for `name`: the field's name in the payload and the form. */
export function sellerPayloadKey<K extends SellerFieldKey>(key: K): `seller_${K}` {
  return `seller_${key}`;
}

export const SELLER_COLOR_FIELDS = [
  'seller_description_background_color',
  'seller_description_text_color',
  'seller_products_background_color',
  'seller_name_text_color',
  'seller_subtitle_text_color',
  'seller_footer_background_color',
  'seller_footer_text_color',
] as const satisfies readonly (keyof SellerFormValues)[];

export const SWISH_NUMBER_MISSING = 'Please enter a swish number.';
export const LOGO_MISSING = 'Please choose a logo image.';

// The generated mappings below build their objects key by key from the table; TypeScript cannot
// follow a loop over the keys, so each one states its result type once with a cast.

/** The settings form's values of a stored shop: empty text and unticked boxes where none is. */
export function sellerFormValues(shop: Partial<SellerFieldProfile> | null): SellerFormValues {
  const form: Record<string, string | boolean> = {};
  for (const key of SELLER_FIELD_KEYS) {
    form[sellerPayloadKey(key)] = shop?.[key] ?? (SELLER_FIELDS[key].kind === 'flag' ? false : '');
  }
  return form as SellerFormValues;
}

/** The fields of the seller object from the stored columns. */
export function sellerProfileFields(columns: SellerFieldColumns): SellerFieldProfile {
  const stored: Record<string, string | boolean> = columns;
  const profile: Record<string, string | boolean | undefined> = {};
  for (const key of SELLER_FIELD_KEYS) profile[key] = stored[SELLER_FIELDS[key].column];
  return profile as SellerFieldProfile;
}

/**
 * The column changes of a profile payload: each seller field the payload holds, by its column.
 * Fields in `except` are left out, for the caller to write its own way.
 */
export function sellerColumnChanges(
  payload: Partial<SellerFormValues>,
  except: readonly SellerFieldKey[] = [],
): Partial<SellerFieldColumns> {
  const fields: Partial<Record<string, string | boolean>> = payload;
  const changes: Record<string, string | boolean> = {};
  for (const key of SELLER_FIELD_KEYS) {
    const value = fields[sellerPayloadKey(key)];
    if (value !== undefined && !except.includes(key)) changes[SELLER_FIELDS[key].column] = value;
  }
  return changes as Partial<SellerFieldColumns>;
}
