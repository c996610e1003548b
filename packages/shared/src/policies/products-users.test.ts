import { describe, expect, it } from 'vitest';
import { canEditProduct, canManageProductList, canReviewProduct, canSeeProduct } from './products';
import { actor } from './test-actors';
import { canUpload } from './uploads';
import { canEditShopSettings, canManageUsers, canSeeUserDetails } from './users';

const customer = actor('customer');
const applicant = actor('applicant', { wantsToBeSeller: true });
const seller = actor('seller', { isSeller: true });
const admin = actor('admin', { isAdmin: true });

describe('products', () => {
  const product = { sellerId: 'seller' };

  it('are edited by their seller and admins; not by a former seller or anyone else', () => {
    expect(canEditProduct(seller, product)).toBe(true);
    expect(canEditProduct(admin, product)).toBe(true);
    expect(canEditProduct({ ...seller, isSeller: false }, product)).toBe(false);
    expect(canEditProduct(actor('other', { isSeller: true }), product)).toBe(false);
    expect(canEditProduct(null, product)).toBe(false);
  });

  it('are reviewed by anyone signed in but their own seller', () => {
    expect(canReviewProduct(customer, product)).toBe(true);
    expect(canReviewProduct(seller, product)).toBe(false);
    expect(canReviewProduct(null, product)).toBe(false);
  });
});

describe('users, shops and uploads', () => {
  it('lets admins manage users and anyone see their own details', () => {
    expect([admin, seller, null].map(canManageUsers)).toEqual([true, false, false]);
    expect(canSeeUserDetails(customer, 'customer')).toBe(true);
    expect(canSeeUserDetails(admin, 'customer')).toBe(true);
    expect(canSeeUserDetails(seller, 'customer')).toBe(false);
    expect(canSeeUserDetails(null, 'customer')).toBe(false);
  });

  it('gives sellers and applicants shop settings and uploads; admins uploads too', () => {
    expect([seller, applicant, admin, customer, null].map(canEditShopSettings)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([seller, applicant, admin, customer, null].map(canUpload)).toEqual([true, true, true, false, false]);
  });
});

describe('drafts', () => {
  it('a draft is seen by its seller and admins only; a product on sale by everyone', () => {
    const seller = { id: 's1', isAdmin: false, isSeller: true, wantsToBeSeller: false };
    const other = { id: 's2', isAdmin: false, isSeller: true, wantsToBeSeller: false };
    const admin = { id: 'a1', isAdmin: true, isSeller: false, wantsToBeSeller: false };
    const draft = { sellerId: 's1', isDraft: true };
    expect(canSeeProduct(seller, draft)).toBe(true);
    expect(canSeeProduct(admin, draft)).toBe(true);
    expect(canSeeProduct(other, draft)).toBe(false);
    expect(canSeeProduct(null, draft)).toBe(false);
    expect(canSeeProduct(null, { sellerId: 's1', isDraft: false })).toBe(true);
    expect(canManageProductList(seller, 's1')).toBe(true);
    expect(canManageProductList(seller, 's2')).toBe(false);
    expect(canManageProductList(seller, undefined)).toBe(false);
    expect(canManageProductList(admin, undefined)).toBe(true);
    expect(canManageProductList(null, 's1')).toBe(false);
  });
});
