/** The site texts the admin edits (spec section 3, Site settings). */

export const SITE_TEXT_FIELDS = [
  'about_text',
  'privacy_text',
  'become_seller_text_1',
  'become_seller_text_2',
  'privacy_policy_text',
] as const;
export type SiteTextField = (typeof SITE_TEXT_FIELDS)[number];
export type SiteSettings = Record<SiteTextField, string>;

/** Longest site text. */
export const SITE_TEXT_MAX = 50_000;
