/**
 * Date display (spec section 9): the spec's 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS', '-' when
 * absent; in Svenska Intl sv-SE ('22 nov. 2026', '22 nov. 2026 06:05:00'). Every date and time
 * people see is Sweden's (Europe/Stockholm, summer time included), whatever the zone of the
 * server or the browser: an order placed at 06:05 in Stockholm reads 06:05, not the 05:05 of its
 * UTC timestamp. The web app (lib/format.ts) and the mails format through here.
 */
import type { Language } from './languages';

/** The time zone of every date and time shown. */
export const DISPLAY_TIME_ZONE = 'Europe/Stockholm';

// One formatter each, made once: building an Intl formatter costs far more than using it.
const stockholmParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const swedishDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: DISPLAY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const swedishTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: DISPLAY_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Stockholm wall clock of `date` as 'YYYY-MM-DD' and 'HH:MM:SS'. */
function stockholmClock(date: Date): { day: string; time: string } {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of stockholmParts.formatToParts(date)) part[type] = value;
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
}

/** 'YYYY-MM-DD' (the spec) or '22 nov. 2026' (Svenska), the day in Stockholm; '-' when there is none. */
export function displayDate(iso: string | null | undefined, language: Language = 'en'): string {
  if (!iso) return '-';
  const date = parsed(iso);
  // Not a timestamp: shown as the spec cuts it rather than hidden.
  if (!date) return iso.substring(0, 10);
  return language === 'sv' ? swedishDate.format(date) : stockholmClock(date).day;
}

/** 'YYYY-MM-DD HH:MM:SS' (the spec) or '22 nov. 2026 06:05:00' (Svenska), in Stockholm; '-' when absent. */
export function displayDateTime(iso: string | null | undefined, language: Language = 'en'): string {
  if (!iso) return '-';
  const date = parsed(iso);
  if (!date) return `${iso.substring(0, 10)} ${iso.substring(11, 19)}`;
  if (language === 'sv') return `${swedishDate.format(date)} ${swedishTime.format(date)}`;
  const { day, time } = stockholmClock(date);
  return `${day} ${time}`;
}

/** The Stockholm wall clock of an instant as a form's date and time: 'YYYY-MM-DDTHH:MM'. */
export function stockholmLocalOf(iso: string): string {
  const date = parsed(iso);
  if (!date) return '';
  const { day, time } = stockholmClock(date);
  return `${day}T${time.substring(0, 5)}`;
}

/**
 * The instant a Stockholm wall clock 'YYYY-MM-DDTHH:MM' names (a form's date and time, as every
 * time shown is Sweden's), or null for text that is no such time. The zone's offset is read at
 * the guessed instant and once more at the corrected one, so a time next to a summer-time change
 * comes out right; an hour skipped in spring is taken as the hour after.
 */
export function stockholmLocalToDate(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const offsetAt = (instant: number) => {
    const { day, time } = stockholmClock(new Date(instant));
    return Date.parse(`${day}T${time}Z`) - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** Whether 'YYYY-MM-DD' names a day that exists (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/**
 * The moment a form date stands for. A bare day is taken as midnight UTC, which is 01:00 or
 * 02:00 of the same day in Stockholm, so every screen shows the day the seller picked.
 */
export function formDateToDate(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}
