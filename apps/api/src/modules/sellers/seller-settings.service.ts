/**
 * The seller fields of a profile update: the application to become a seller, and the shop
 * settings of a seller (or applicant). Runs inside the profile update's transaction.
 */

import { isPlanCode, PLANS } from '@torget/shared/plans';
import type { SellerFields } from '@torget/shared/sellers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellers, users } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/http-errors';
import { sanitizeRichText } from '../../lib/sanitize';

export const ALREADY_SELLER = 'Du är redan en säljare.';
export const ALREADY_APPLIED = 'You already applied to become a seller.';
export const DOMAIN_TAKEN = 'That domain is already used by another shop.';

/** The column each payload field writes. */
const COLUMNS = {
  seller_name: 'name',
  seller_logo: 'logo',
  seller_has_logo: 'hasLogo',
  seller_subtitle: 'subtitle',
  seller_banner_background_image: 'bannerBackgroundImage',
  seller_description_background_color: 'descriptionBackgroundColor',
  seller_description_text_color: 'descriptionTextColor',
  seller_products_background_color: 'productsBackgroundColor',
  seller_name_text_color: 'nameTextColor',
  seller_subtitle_text_color: 'subtitleTextColor',
  seller_footer_background_color: 'footerBackgroundColor',
  seller_footer_text_color: 'footerTextColor',
  seller_address: 'address',
  seller_post_number: 'postNumber',
  seller_city: 'city',
  seller_phone: 'phone',
  seller_organisation_number: 'organisationNumber',
  seller_has_swish: 'hasSwish',
  seller_swish_number: 'swishNumber',
  seller_has_paypal: 'hasPaypal',
  seller_email: 'email',
} as const satisfies Partial<Record<keyof SellerFields, keyof typeof sellers.$inferInsert>>;

function columnChanges(fields: SellerFields): Partial<typeof sellers.$inferInsert> {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = fields[field as keyof typeof COLUMNS];
    if (value !== undefined) changes[column] = value;
  }
  if (fields.seller_description !== undefined) changes.description = sanitizeRichText(fields.seller_description);
  return changes as Partial<typeof sellers.$inferInsert>;
}

const hasSellerFields = (fields: SellerFields) =>
  Object.entries(fields).some(([key, value]) => key.startsWith('seller_') && value !== undefined);

/** Checks a custom domain: allowed by the plan, not one of the marketplace's own hosts. */
export function checkDomain(domain: string, plan: string, mainHosts: string[]): void {
  if (mainHosts.includes(domain)) throw badRequest('That domain is the marketplace’s own.');
  if (!isPlanCode(plan) || !PLANS[plan].allowsOwnDomain) {
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
  user: { id: string; name: string; email: string; isSeller: boolean; wantsToBeSeller: boolean },
  fields: SellerFields,
  mainHosts: string[],
): Promise<void> {
  const [shop] = await tx.select().from(sellers).where(eq(sellers.userId, user.id)).for('update');

  if (fields.wants_to_be_seller) {
    if (user.isSeller) throw conflict(ALREADY_SELLER);
    if (user.wantsToBeSeller) throw conflict(ALREADY_APPLIED);
    const values = { ...columnChanges(fields), plan: fields.seller_plan ?? '1', updatedAt: new Date() };
    if (shop) await tx.update(sellers).set(values).where(eq(sellers.userId, user.id));
    // A new shop's public e-mail is the login e-mail until the seller sets another.
    else
      await tx
        .insert(sellers)
        .values({ email: user.email, ...values, userId: user.id, name: fields.seller_name || user.name });
    await tx.update(users).set({ wantsToBeSeller: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    return;
  }

  if (!hasSellerFields(fields)) return;
  // Only sellers and applicants have a shop to set up.
  if (!shop || !(user.isSeller || user.wantsToBeSeller)) throw forbidden('Only sellers have shop settings.');
  const changes = columnChanges(fields);
  if (fields.seller_domain !== undefined) {
    const domain = fields.seller_domain || null;
    if (domain && domain !== shop.domain) {
      checkDomain(domain, shop.plan, mainHosts);
      await checkDomainFree(tx, domain, user.id);
    }
    changes.domain = domain;
  }
  await tx
    .update(sellers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(sellers.userId, user.id));
}
