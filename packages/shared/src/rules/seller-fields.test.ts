import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SellerProfile } from '../api-types.generated';
import type { SellerFields } from '../schemas/sellers';
import {
  SELLER_FIELD_KEYS,
  SELLER_FIELDS,
  type SellerFieldColumns,
  type SellerFieldProfile,
  type SellerFormValues,
  sellerColumnChanges,
  sellerFormValues,
  sellerProfileFields,
} from './seller-fields';

describe('the seller field table', () => {
  it('names the 25 fields of a shop (the spec’s 22, the public e-mail, the seller type and legal name), each with its own column', () => {
    expect(SELLER_FIELD_KEYS).toHaveLength(25);
    expect(new Set(SELLER_FIELD_KEYS.map((key) => SELLER_FIELDS[key].column)).size).toBe(25);
  });

  it('matches the seller object of the API and the profile payload', () => {
    expectTypeOf<Pick<SellerProfile, keyof SellerFieldProfile>>().toEqualTypeOf<SellerFieldProfile>();
    expectTypeOf<Required<Pick<SellerFields, keyof SellerFormValues>>>().toEqualTypeOf<SellerFormValues>();
  });
});

describe('the mappings generated from it', () => {
  it('gives an empty form without a shop, and the shop’s values with one', () => {
    const empty = sellerFormValues(null);
    expect(Object.keys(empty)).toHaveLength(25);
    expect(empty.seller_name).toBe('');
    expect(empty.seller_has_swish).toBe(false);
    const form = sellerFormValues({ name: 'Ekshop', has_swish: true, post_number: '111 51' });
    expect(form).toMatchObject({ seller_name: 'Ekshop', seller_has_swish: true, seller_post_number: '111 51' });
    expect(form.seller_city).toBe('');
  });

  it('writes each payload field to its column, leaving out the ones asked', () => {
    expect(
      sellerColumnChanges({ seller_name: 'A', seller_has_paypal: true, seller_domain: 'x.se' }, ['domain']),
    ).toEqual({ name: 'A', hasPaypal: true });
    expect(sellerColumnChanges({ seller_footer_text_color: '#000000' })).toEqual({ footerTextColor: '#000000' });
  });

  it('reads the seller object back from the columns: form → columns → object is the identity', () => {
    const form = sellerFormValues(null);
    for (const key of SELLER_FIELD_KEYS) {
      (form as Record<string, string | boolean>)[`seller_${key}`] =
        SELLER_FIELDS[key].kind === 'flag' ? true : `value of ${key}`;
    }
    const columns = sellerColumnChanges(form) as SellerFieldColumns;
    expect(sellerFormValues(sellerProfileFields(columns))).toEqual(form);
  });
});
