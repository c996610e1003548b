/** The shop status shown for a user (spec section 4). */
export type ShopStatus = 'Open' | 'Waiting for approval' | 'Closed';

export function shopStatus(user: { is_seller: boolean; wants_to_be_seller: boolean }): ShopStatus {
  if (user.is_seller) return 'Open';
  if (user.wants_to_be_seller) return 'Waiting for approval';
  return 'Closed';
}
