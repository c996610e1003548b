/** Date display rules (spec section 9): ISO strings cut, '-' when absent. */

/** 'YYYY-MM-DD' from an ISO timestamp, or '-' when there is none. */
export function displayDate(iso: string | null | undefined): string {
  return iso ? iso.substring(0, 10) : '-';
}

/** 'YYYY-MM-DD HH:MM:SS' from an ISO timestamp, or '-' when there is none. */
export function displayDateTime(iso: string | null | undefined): string {
  return iso ? `${iso.substring(0, 10)} ${iso.substring(11, 19)}` : '-';
}

/** Whether 'YYYY-MM-DD' names a day that exists (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/**
 * The moment a form date stands for. A bare day is taken as midnight UTC, so the first ten
 * characters of the stored timestamp (what every screen shows) are the day the seller picked.
 */
export function formDateToDate(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}
