import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../schemas/accounts';
import {
  checkOrganisationNumber,
  checkPersonalNumber,
  isSellerType,
  maskPersonalNumber,
  SELLER_IDENTITY_MESSAGES,
} from './seller-identity';
import { luhnCheckDigit } from './sweden';

describe('organisation numbers', () => {
  it('accepts a real number, with or without the dash, written NNNNNN-NNNN', () => {
    expect(checkOrganisationNumber('556016-0680')).toEqual({ ok: true, number: '556016-0680' });
    expect(checkOrganisationNumber(' 5560160680 ')).toEqual({ ok: true, number: '556016-0680' });
    expect(checkOrganisationNumber('202100-5489')).toEqual({ ok: true, number: '202100-5489' });
  });

  it('refuses every wrong check digit of a real number', () => {
    for (let digit = 0; digit <= 9; digit++) {
      if (digit === 0) continue; // 556016-0680 is the real one.
      expect(checkOrganisationNumber(`556016-068${digit}`)).toEqual({
        ok: false,
        message: SELLER_IDENTITY_MESSAGES.organisationNumberInvalid,
      });
    }
  });

  it('refuses bad formats', () => {
    for (const text of ['', '556016-068', '556016-06800', 'abcdef-ghij', '556016+0680x']) {
      expect(checkOrganisationNumber(text).ok, text).toBe(false);
    }
  });

  it('refuses a personal identity number, which would be shown to buyers', () => {
    expect(checkOrganisationNumber('790412-5619')).toEqual({
      ok: false,
      message: SELLER_IDENTITY_MESSAGES.organisationNumberIsPersonal,
    });
  });
});

describe('personal identity numbers', () => {
  it('accepts a real number in its short and long forms, written ÅÅÅÅMMDD-NNNN', () => {
    for (const text of ['19790412-5619', '197904125619', '790412-5619', '7904125619']) {
      expect(checkPersonalNumber(text), text).toEqual({ ok: true, number: '19790412-5619' });
    }
  });

  it('refuses the wrong check digit, an impossible date and bad formats', () => {
    const nine = '790412561';
    const right = luhnCheckDigit(nine);
    for (let digit = 0; digit <= 9; digit++) {
      expect(checkPersonalNumber(`${nine}${digit}`).ok, String(digit)).toBe(digit === right);
    }
    for (const text of ['19791332-5619', '19790231-5619', '', '1979-0412', 'ÅÅÅÅMMDD-NNNN']) {
      expect(checkPersonalNumber(text).ok, text).toBe(false);
    }
  });

  it('is masked to its owner: the birth date and four stars', () => {
    expect(maskPersonalNumber('19790412-5619')).toBe('19790412-****');
  });
});

describe('the identity of an application (the shared schema)', () => {
  const application = {
    wants_to_be_seller: true as const,
    seller_address: 'Storgatan 1',
    seller_post_number: '111 51',
    seller_city: 'Stockholm',
    seller_phone: '08-123 456',
    seller_legal_name: 'Petra Privat',
    seller_self_certified: true,
  };
  const fieldsOf = (result: ReturnType<typeof profileUpdateSchema.safeParse>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

  it('asks a private person for the personal number, not the organisation number', () => {
    const ok = profileUpdateSchema.safeParse({
      ...application,
      seller_type: 'private',
      seller_personal_number: '7904125619',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.seller_personal_number).toBe('19790412-5619');
    expect(fieldsOf(profileUpdateSchema.safeParse({ ...application, seller_type: 'private' }))).toEqual([
      'seller_personal_number',
    ]);
  });

  it('asks a business for its organisation number and the certification once a type is stated', () => {
    expect(fieldsOf(profileUpdateSchema.safeParse({ ...application, seller_type: 'business' }))).toEqual([
      'seller_organisation_number',
    ]);
    expect(
      fieldsOf(
        profileUpdateSchema.safeParse({ ...application, seller_type: 'business', seller_self_certified: false }),
      ).sort(),
    ).toEqual(['seller_organisation_number', 'seller_self_certified']);
    // The spec's application states no type: only its own fields are asked for.
    expect(
      fieldsOf(profileUpdateSchema.safeParse({ ...application, seller_type: '', seller_self_certified: false })).sort(),
    ).toEqual(['seller_organisation_number']);
  });

  it('knows the two types only', () => {
    expect(isSellerType('business')).toBe(true);
    expect(isSellerType('private')).toBe(true);
    expect(isSellerType('')).toBe(false);
    expect(isSellerType('company')).toBe(false);
  });
});
