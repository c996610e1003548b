/** The site texts the admin edits (spec section 3, Site settings). */
import { z } from 'zod';

export const SITE_TEXT_FIELDS = [
  'about_text',
  'privacy_text',
  'become_seller_text_1',
  'become_seller_text_2',
  'privacy_policy_text',
] as const;
export type SiteTextField = (typeof SITE_TEXT_FIELDS)[number];
export type SiteSettings = Record<SiteTextField, string>;

const siteText = z.string().max(50_000, 'At most 50000 characters.');

/** PUT /api/settings/: any of the five texts; the others stay as they are. */
export const siteSettingsUpdateSchema = z.object({
  about_text: siteText.optional(),
  privacy_text: siteText.optional(),
  become_seller_text_1: siteText.optional(),
  become_seller_text_2: siteText.optional(),
  privacy_policy_text: siteText.optional(),
});
