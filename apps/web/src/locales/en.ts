/**
 * The default catalogue (bundled). Keys are the spec's English texts and a missing key shows
 * itself, so this holds only what differs from its key: the singular of plural texts
 * (i18next's `_one` suffix, chosen by Intl.PluralRules).
 */
export const defaultCatalogue: Record<string, string> = {
  '{{count}} reviews_one': '{{count}} review',
  '{{count}} Results_one': '{{count}} Result',
  '{{count}} orders_one': '{{count}} order',
  '{{count}} attempts_one': '{{count}} attempt',
  '{{count}} new messages_one': '{{count}} new message',
  '{{count}} unread messages_one': '{{count}} unread message',
  '{{count}} products_one': '{{count}} product',
  ', {{count}} products_one': ', {{count}} product',
};
