/**
 * Calendar days in Stockholm (DISPLAY_TIME_ZONE of rules/dates.ts), for rules counted in whole
 * days such as the withdrawal period. Apart from dates.ts, which the first page load carries, so
 * only the screens and the server that count days pay for this.
 */
import { DISPLAY_TIME_ZONE } from './dates';

// Made once: building an Intl formatter costs far more than using it. en-CA writes 'YYYY-MM-DD'.
const stockholmCalendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Stockholm calendar day of `date`, 'YYYY-MM-DD' (the day a Swede would name for that moment). */
export function stockholmDay(date: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of stockholmCalendar.formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}`;
}

/** The calendar day `days` after 'YYYY-MM-DD' (negative: before), counted in whole days. */
export function addCalendarDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().substring(0, 10);
}
