/**
 * A form message in the UI language. The shared schemas' texts are the catalogue's
 * keys, shown through `t()` as the shopper forms do; a few have a number in them, built by the
 * schema ('At most 5000 characters.', 'Price must be a number.'): those are read back into their
 * template key, so one Swedish text covers every number and field. A `context` picks a form's own
 * wording where one English text needs two Swedish ones ('Name is required.' of a product is not
 * the user's name): i18next looks up 'key_context' first and falls back to the key.
 */
import type { TFunction } from 'i18next';

const FIELD_MESSAGES = [
  ' must be a number.',
  ' cannot be negative.',
  ' is too large.',
  ' can have at most two decimals.',
  ' is required.',
] as const;

/** A message followed by the CSV file's columns it is about: "… rows. (name, price)". */
const WITH_COLUMNS = /^(.+\.) \(([a-z0-9_]+(?:, [a-z0-9_]+)*)\)$/;

export function formMessage(t: TFunction, message: string, context?: string): string {
  // The columns are the file's own names, the same in every language.
  const columns = WITH_COLUMNS.exec(message);
  if (columns) return `${formMessage(t, columns[1] ?? '', context)} (${columns[2]})`;
  const most = /^At most (\d+) characters\.$/.exec(message);
  if (most) return t('At most {{count}} characters.', { count: Number(most[1]) });
  const images = /^A product has at most (\d+) images\.$/.exec(message);
  if (images) return t('A product has at most {{count}} images.', { count: Number(images[1]) });
  const plan = /^Your plan allows at most (\d+) products\.$/.exec(message);
  if (plan) return t('Your plan allows at most {{count}} products.', { count: Number(plan[1]) });
  // A whole message the catalogue knows ('Name is required.') comes first.
  const whole = context === undefined ? t(message) : t(message, { context });
  if (whole !== message) return whole;
  for (const ending of FIELD_MESSAGES) {
    if (message.endsWith(ending)) {
      const field = message.slice(0, -ending.length);
      return t(`{{field}}${ending}`, { field: t(field) });
    }
  }
  return whole;
}
