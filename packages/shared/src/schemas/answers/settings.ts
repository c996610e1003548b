/** The site texts (rules/settings.ts, spec section 3 "Site settings"). */
import { z } from 'zod';

export const siteSettingsSchema = z
  .strictObject({
    about_text: z.string(),
    privacy_text: z.string(),
    become_seller_text_1: z.string(),
    become_seller_text_2: z.string(),
    privacy_policy_text: z.string(),
  })
  .meta({
    id: 'SiteSettings',
    description:
      "GET and PUT /api/settings: the five site texts the info pages show, as sanitised HTML ('' until set).",
  });
