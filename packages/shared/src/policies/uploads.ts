/** Who may upload images (spec section 7, POST /api/uploads). */
import type { Actor } from './actor';
import { canEditShopSettings } from './users';

/** Sellers and applicants upload logos, banners and product images; admins too. */
export function canUpload(actor: Actor | null): boolean {
  return actor !== null && (actor.isAdmin || canEditShopSettings(actor));
}
