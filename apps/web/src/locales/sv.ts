/** Svenska (issue 19): the Swedish text of every UI text of the shopper's journey, keyed by its English. */
export const swedishCatalogue: Record<string, string> = {
  '{{count}} reviews_one': '{{count}} recension',
  '{{count}} reviews_other': '{{count}} recensioner',
};
