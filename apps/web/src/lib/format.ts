/**
 * The one home of price and date display in the web app. The default UI keeps the
 * spec's formats ('SEK 249.00', dates 'YYYY-MM-DD', section 9); Svenska formats through Intl
 * ('249,00 kr', '22 nov. 2026'). Every page formats through here (or `useFormat`).
 */

import { displayDate, displayDateTime } from '@torget/shared/rules/dates';
import type { Language } from '@torget/shared/rules/languages';
import { formatSek, formatSekSwedish } from '@torget/shared/rules/money';

export function formatPrice(sek: number, language: Language): string {
  return language === 'sv' ? formatSekSwedish(sek) : formatSek(sek);
}

// Dates are days in UTC: the spec's display cuts the ISO string, which is UTC, and Swedish dates
// must name the same day.
const swedishDate = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const swedishTime = new Intl.DateTimeFormat('sv-SE', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-22' (spec) or '22 nov. 2026' (Svenska); '-' when there is no date. */
export function formatDate(iso: string | null | undefined, language: Language): string {
  if (language !== 'sv') return displayDate(iso);
  const date = parsed(iso);
  return date ? swedishDate.format(date) : displayDate(iso);
}

/** '2026-11-22 10:15:00' (spec) or '22 nov. 2026 10:15:00' (Svenska); '-' when absent. */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (language !== 'sv') return displayDateTime(iso);
  const date = parsed(iso);
  return date ? `${swedishDate.format(date)} ${swedishTime.format(date)}` : displayDateTime(iso);
}
