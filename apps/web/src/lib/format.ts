/**
 * The one home of price and date display in the web app. The default UI keeps the
 * spec's formats ('SEK 249.00', dates 'YYYY-MM-DD', section 9); Svenska formats through Intl
 * ('249,00 kr', '22 nov. 2026'). Dates and times are Sweden's (Europe/Stockholm,
 * `@torget/shared/rules/dates`). Every page formats through here (or `useFormat`).
 */

import { displayDate, displayDateTime } from '@torget/shared/rules/dates';
import type { Language } from '@torget/shared/rules/languages';
import { formatSek, formatSekSwedish } from '@torget/shared/rules/money';

export function formatPrice(sek: number, language: Language): string {
  return language === 'sv' ? formatSekSwedish(sek) : formatSek(sek);
}

/** '2026-11-22' (spec) or '22 nov. 2026' (Svenska), the day in Stockholm; '-' when there is no date. */
export function formatDate(iso: string | null | undefined, language: Language): string {
  return displayDate(iso, language);
}

/** '2026-11-22 06:05:00' (spec) or '22 nov. 2026 06:05:00' (Svenska), in Stockholm; '-' when absent. */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  return displayDateTime(iso, language);
}
