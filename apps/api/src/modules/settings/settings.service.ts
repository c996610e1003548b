/** The site texts: one row, read by everyone, written by admins, sanitised on the way in. */
import type { SiteSettings } from '@torget/shared/rules/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { siteSettings } from '#api/db/schema.ts';
import { sanitizeRichText } from '#api/lib/sanitize.ts';

type Row = typeof siteSettings.$inferSelect;

const toJson = (row: Row | undefined): SiteSettings => ({
  about_text: row?.aboutText ?? '',
  privacy_text: row?.privacyText ?? '',
  become_seller_text_1: row?.becomeSellerText1 ?? '',
  become_seller_text_2: row?.becomeSellerText2 ?? '',
  privacy_policy_text: row?.privacyPolicyText ?? '',
});

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return toJson(row);
}

export async function updateSiteSettings(db: Db, input: Partial<SiteSettings>): Promise<SiteSettings> {
  const clean = (text: string | undefined) => (text === undefined ? undefined : sanitizeRichText(text));
  const values = {
    aboutText: clean(input.about_text),
    privacyText: clean(input.privacy_text),
    becomeSellerText1: clean(input.become_seller_text_1),
    becomeSellerText2: clean(input.become_seller_text_2),
    privacyPolicyText: clean(input.privacy_policy_text),
  };
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return toJson(row);
}
