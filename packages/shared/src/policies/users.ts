/** Who may see and change accounts and shops (spec sections 6 and 7, /api/users*). */
import type { Actor } from './actor';

/** Admins list, change and delete users. */
export function canManageUsers(actor: Actor | null): boolean {
  return actor?.isAdmin === true;
}

/** A user's full details (e-mail, addresses, shop settings) are seen by the user and admins. */
export function canSeeUserDetails(actor: Actor | null, userId: string): boolean {
  return actor !== null && (actor.isAdmin || actor.id === userId);
}

/** Sellers, and applicants getting their shop ready, have shop settings. */
export function canEditShopSettings(actor: Actor | null): boolean {
  return actor !== null && (actor.isSeller || actor.wantsToBeSeller);
}
