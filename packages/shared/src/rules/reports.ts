/**
 * Reports of illegal or harmful content (DSA art. 16) and the moderation decision on each
 * (art. 17): the categories a reporter chooses from, the two decisions, and their limits
 * (docs/decisions/243-hidden-and-removed-products.md).
 */

/** The reports table checks the same list (apps/api/src/db/schema/reports.ts takes it from here). */
export const REPORT_CATEGORIES = [
  'illegal_product',
  'counterfeit',
  'scam',
  'dangerous_product',
  'offensive_content',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Keep the listing, or remove it (a shop report: every product of the shop). */
export const REPORT_DECISIONS = ['keep', 'remove'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The queue's filter: not yet decided, or decided (the history). */
export const REPORT_STATUSES = ['open', 'decided'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The reporter's text: enough to say what is wrong and where. */
export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 2000;
/** The admin's statement of reasons, sent to the seller. */
export const REPORT_REASON_MAX = 2000;

export const REPORT_TARGET_REQUIRED = 'Report either a product or a shop.';
export const REPORT_EMAIL_REQUIRED = 'Enter your e-mail address so that we can tell you the outcome.';
export const REPORT_REASON_REQUIRED = 'Give the reason for the decision.';
export const REPORT_ALREADY_DECIDED = 'This report has already been decided.';

/** The categories' names in the mails (the screens have their own, in locales). */
export const REPORT_CATEGORY_NAMES: Record<ReportCategory, { sv: string; en: string }> = {
  illegal_product: { sv: 'Olaglig produkt', en: 'Illegal product' },
  counterfeit: { sv: 'Förfalskning', en: 'Counterfeit' },
  scam: { sv: 'Bedrägeri', en: 'Scam' },
  dangerous_product: { sv: 'Farlig produkt', en: 'Dangerous product' },
  offensive_content: { sv: 'Stötande innehåll', en: 'Offensive content' },
  other: { sv: 'Annat', en: 'Other' },
};
