/**
 * A seller's identity (docs/decisions/260-seller-identity.md): the type, legal name and number
 * written by a profile update, and the private seller's personal identity number, which only this
 * module reads: masked for the seller themself, whole for admins and the DAC7 report.
 */
import { maskPersonalNumber, SELLER_IDENTITY_MESSAGES } from '@torget/shared/rules/seller-identity';
import type { SellerFields } from '@torget/shared/schemas/sellers';
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { sellerPersonalNumbers, sellers } from '#api/db/schema.ts';
import { badRequest } from '#api/lib/http-errors.ts';

type SellerRow = typeof sellers.$inferSelect;

/** Who reads a personal number: the seller themself sees it masked, admins whole. */
export type PersonalNumberView = 'masked' | 'whole';

export function shownPersonalNumber(stored: string | null, view: PersonalNumberView): string | undefined {
  if (!stored) return undefined;
  return view === 'whole' ? stored : maskPersonalNumber(stored);
}

/**
 * The sellers columns an update's identity fields change, beyond the seller field table's own
 * (type and legal name): a private seller shows no organisation number, and the first
 * self-certification keeps its time.
 */
export function identityColumnChanges(
  fields: SellerFields,
  shop: Pick<SellerRow, 'sellerType' | 'selfCertifiedAt'> | undefined,
  now: Date,
): Partial<typeof sellers.$inferInsert> {
  const changes: Partial<typeof sellers.$inferInsert> = {};
  // The organisation number is public: a private seller's is always empty, whatever is sent.
  const type = fields.seller_type || shop?.sellerType;
  if (type === 'private') changes.organisationNumber = '';
  if (fields.seller_self_certified === true && !shop?.selfCertifiedAt) changes.selfCertifiedAt = now;
  return changes;
}

/** Keeps a private seller's personal number, and forgets it when the seller becomes a business. */
export async function writePersonalNumber(tx: Db, sellerId: string, fields: SellerFields, now: Date): Promise<void> {
  if (fields.seller_type === 'private' && fields.seller_personal_number) {
    const personalNumber = fields.seller_personal_number;
    await tx
      .insert(sellerPersonalNumbers)
      .values({ sellerId, personalNumber, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: sellerPersonalNumbers.sellerId, set: { personalNumber, updatedAt: now } });
  } else if (fields.seller_type === 'private') {
    // The settings may leave the number empty to keep the stored one; a seller without one must give it.
    const [stored] = await tx
      .select({ sellerId: sellerPersonalNumbers.sellerId })
      .from(sellerPersonalNumbers)
      .where(eq(sellerPersonalNumbers.sellerId, sellerId));
    if (!stored) throw badRequest(`seller_personal_number: ${SELLER_IDENTITY_MESSAGES.personalNumberRequired}`);
  } else if (fields.seller_type === 'business') {
    await tx.delete(sellerPersonalNumbers).where(eq(sellerPersonalNumbers.sellerId, sellerId));
  }
}

/** Whether the seller sells as a private person, to whose sales the right of withdrawal does not apply. */
export async function soldByPrivatePerson(db: Db, sellerId: string): Promise<boolean> {
  const [shop] = await db.select({ type: sellers.sellerType }).from(sellers).where(eq(sellers.userId, sellerId));
  return isPrivateSellerType(shop?.type);
}

/** Whether a shop's stored seller type (null without a shop row, '' before the seller said) is a private person's. */
export function isPrivateSellerType(type: string | null | undefined): boolean {
  return type === 'private';
}
