/**
 * The seller fields of a profile update: the application to become a seller, and the shop
 * settings of a seller (or applicant). Runs inside the profile update's transaction.
 */

import type { Actor } from '@torget/shared/policies/actor';
import { canEditShopSettings } from '@torget/shared/policies/users';
import { isMainHost } from '@torget/shared/rules/hosts';
import type { Language } from '@torget/shared/rules/languages';
import { planAllowsOwnDomain } from '@torget/shared/rules/plans';
import { sellerColumnChanges } from '@torget/shared/rules/seller-fields';
import type { SellerFields } from '@torget/shared/schemas/sellers';
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { badRequest, conflict, forbidden } from '#api/lib/http-errors.ts';
import { sanitizeRichText } from '#api/lib/sanitize.ts';
import { recordApplication } from './seller-applications.service';
import { identityColumnChanges, writePersonalNumber } from './seller-identity.service';

export const ALREADY_SELLER = 'Du är redan en säljare.';
export const ALREADY_APPLIED = 'You already applied to become a seller.';
export const DOMAIN_TAKEN = 'That domain is already used by another shop.';
export const DOMAIN_AFTER_APPROVAL = 'An own domain can be chosen once your shop is approved.';

/**
 * The columns a payload's seller fields write, from the seller field table. The description is
 * sanitised first, and the domain is checked before it is written (below).
 */
function columnChanges(fields: SellerFields): Partial<typeof sellers.$inferInsert> {
  const changes: Partial<typeof sellers.$inferInsert> = sellerColumnChanges(fields, ['description', 'domain']);
  if (fields.seller_description !== undefined) changes.description = sanitizeRichText(fields.seller_description);
  return changes;
}

const hasSellerFields = (fields: SellerFields) =>
  Object.entries(fields).some(([key, value]) => key.startsWith('seller_') && value !== undefined);

/** Checks a custom domain: allowed by the plan, not one of the marketplace's own hosts. */
export function checkDomain(domain: string, plan: string, mainHosts: readonly string[]): void {
  if (isMainHost(domain, mainHosts)) throw badRequest('That domain is the marketplace’s own.');
  if (!planAllowsOwnDomain(plan)) {
    throw forbidden('An own domain is included from plan 2. Your plan does not include one.');
  }
}

/** Refuses a domain that another seller's shop already uses. */
export async function checkDomainFree(tx: Db, domain: string, userId: string): Promise<void> {
  const [owner] = await tx.select({ id: sellers.userId }).from(sellers).where(eq(sellers.domain, domain));
  if (owner && owner.id !== userId) throw conflict(DOMAIN_TAKEN);
}

export async function applySellerFields(
  tx: Db,
  user: Actor & { name: string; email: string },
  fields: SellerFields,
  mainHosts: string[],
  language: Language = 'en',
): Promise<void> {
  const [shop] = await tx.select().from(sellers).where(eq(sellers.userId, user.id)).for('update');

  if (fields.wants_to_be_seller) {
    if (user.isSeller) throw conflict(ALREADY_SELLER);
    if (user.wantsToBeSeller) throw conflict(ALREADY_APPLIED);
    const now = new Date();
    const values = {
      ...columnChanges(fields),
      ...identityColumnChanges(fields, shop, now),
      plan: fields.seller_plan ?? '1',
      updatedAt: now,
    };
    if (shop) await tx.update(sellers).set(values).where(eq(sellers.userId, user.id));
    // A new shop's public e-mail is the login e-mail until the seller sets another.
    else
      await tx
        .insert(sellers)
        .values({ email: user.email, ...values, userId: user.id, name: fields.seller_name || user.name });
    await writePersonalNumber(tx, user.id, fields, now);
    await tx.update(users).set({ wantsToBeSeller: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    // The admins' queue counts from now, and the decision's mail is written in this language.
    await recordApplication(tx, user.id, language);
    return;
  }

  if (!hasSellerFields(fields)) return;
  // Only sellers and applicants have a shop to set up.
  if (!shop || !canEditShopSettings(user)) throw forbidden('Only sellers have shop settings.');
  const now = new Date();
  const changes = { ...columnChanges(fields), ...identityColumnChanges(fields, shop, now) };
  // A logo chosen is a logo to show: a new image turns has_logo on, a removed one off, unless the
  // payload says otherwise (the settings form's 'Has logo' box; the profile form sends no flag).
  if (fields.seller_has_logo === undefined && fields.seller_logo !== undefined && fields.seller_logo !== shop.logo) {
    changes.hasLogo = fields.seller_logo !== '';
  }
  if (fields.seller_domain !== undefined) {
    const domain = fields.seller_domain || null;
    if (domain && domain !== shop.domain) {
      // Domains are unique across shops: an unvetted applicant could squat on any of them.
      if (!user.isSeller) throw forbidden(DOMAIN_AFTER_APPROVAL);
      checkDomain(domain, shop.plan, mainHosts);
      await checkDomainFree(tx, domain, user.id);
    }
    changes.domain = domain;
  }
  await tx
    .update(sellers)
    .set({ ...changes, updatedAt: now })
    .where(eq(sellers.userId, user.id));
  await writePersonalNumber(tx, user.id, fields, now);
}
