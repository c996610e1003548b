/** PUT /api/settings/ (spec section 7), built on the site text rules (rules/settings.ts). */
import { z } from 'zod';
import { SITE_TEXT_MAX } from '../rules/settings';

const siteText = z.string().max(SITE_TEXT_MAX, `At most ${SITE_TEXT_MAX} characters.`);

/** PUT /api/settings/: any of the five texts; the others stay as they are. */
export const siteSettingsUpdateSchema = z.object({
  about_text: siteText.optional(),
  privacy_text: siteText.optional(),
  become_seller_text_1: siteText.optional(),
  become_seller_text_2: siteText.optional(),
  privacy_policy_text: siteText.optional(),
});
