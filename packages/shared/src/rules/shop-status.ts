/** The shop status shown for a user (spec section 4). */
export type ShopStatus = 'Open' | 'Waiting for approval' | 'Closed';

export function shopStatus(user: { is_seller: boolean; wants_to_be_seller: boolean }): ShopStatus {
  if (user.is_seller) return 'Open';
  if (user.wants_to_be_seller) return 'Waiting for approval';
  return 'Closed';
}

/** The admin user list's shop-status filter: its query values, and the status each keeps. */
export const SHOP_STATUS_FILTER_KEYS = ['open', 'waiting', 'closed'] as const;
export type ShopStatusFilter = (typeof SHOP_STATUS_FILTER_KEYS)[number];
export const SHOP_STATUS_FILTERS: Record<ShopStatusFilter, ShopStatus> = {
  open: 'Open',
  waiting: 'Waiting for approval',
  closed: 'Closed',
};
