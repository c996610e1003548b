/** GET /api/users/:id: what of an account its caller may see (spec section 7). */
import type { PublicSeller, UserDetails } from '@torget/shared/api-types.generated';
import { canSeeUserDetails } from '@torget/shared/policies/users';
import type { Db } from '#api/db/client.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { findPublicSeller } from './public-seller.service';
import { findUserDetails } from './users.service';

/**
 * The account's details to the user and to admins; to everyone else only what a storefront
 * shows of a seller. Null when the caller may see nothing of it: to them it does not exist.
 */
export async function findUserAsSeenBy(
  db: Db,
  caller: AuthUser | null,
  id: string,
): Promise<UserDetails | PublicSeller | null> {
  if (canSeeUserDetails(caller, id)) {
    // An admin reading another account sees a private seller's personal number whole.
    const view = caller?.isAdmin && caller.id !== id ? 'whole' : 'masked';
    const details = await findUserDetails(db, id, view);
    if (details) return details;
  }
  return findPublicSeller(db, id);
}
