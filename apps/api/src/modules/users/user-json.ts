/** Shapes user rows into the answers of spec section 3 (User, Seller object). */
import type { PublicSeller, SellerProfile, UserDetails, UserListEntry } from '@torget/shared/api-types.generated';
import { sellerProfileFields } from '@torget/shared/rules/seller-fields';
import type { sellers, users } from '#api/db/schema.ts';

type UserRow = typeof users.$inferSelect;
type SellerRow = typeof sellers.$inferSelect;

/** The seller object: the seller field table's 22 fields (rules/seller-fields.ts), the plan and the rating. */
export function toSellerProfile(s: SellerRow, fallbackName: string): SellerProfile {
  return {
    ...sellerProfileFields({ ...s, domain: s.domain ?? '' }),
    name: s.name || fallbackName,
    plan: s.plan,
    rating: s.rating,
    numReviews: s.numReviews,
    self_certified_at: s.selfCertifiedAt?.toISOString() ?? null,
  };
}

/**
 * The user's own details (to themself and admins). `personalNumber` is a private seller's
 * personal identity number as this reader may see it (modules/sellers/seller-identity.service.ts);
 * only this answer ever carries it.
 */
export function toUserDetails(u: UserRow, s: SellerRow | null, personalNumber?: string): UserDetails {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    is_admin: u.isAdmin,
    is_seller: u.isSeller,
    wants_to_be_seller: u.wantsToBeSeller,
    createdAt: u.createdAt.toISOString(),
    seller: s
      ? { ...toSellerProfile(s, u.name), ...(personalNumber === undefined ? {} : { personal_number: personalNumber }) }
      : null,
    shipping_full_name: u.shippingFullName ?? '',
    shipping_address: u.shippingAddress ?? '',
    shipping_postal_code: u.shippingPostalCode ?? '',
    shipping_city: u.shippingCity ?? '',
    shipping_country: u.shippingCountry ?? '',
  };
}

/** What anyone sees of a seller: the shop's public e-mail, never the login e-mail. */
export function toPublicSeller(u: UserRow, s: SellerRow): PublicSeller {
  return { _id: u.id, name: u.name, email: s.email, is_seller: u.isSeller, seller: toSellerProfile(s, u.name) };
}

export function toUserListEntry(u: UserRow): UserListEntry {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    is_admin: u.isAdmin,
    is_seller: u.isSeller,
    wants_to_be_seller: u.wantsToBeSeller,
    createdAt: u.createdAt.toISOString(),
  };
}
