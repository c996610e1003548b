/** Date display rules (spec section 9): ISO strings cut, '-' when absent. */

/** 'YYYY-MM-DD' from an ISO timestamp, or '-' when there is none. */
export function displayDate(iso: string | null | undefined): string {
  return iso ? iso.substring(0, 10) : '-';
}

/** 'YYYY-MM-DD HH:MM:SS' from an ISO timestamp, or '-' when there is none. */
export function displayDateTime(iso: string | null | undefined): string {
  return iso ? `${iso.substring(0, 10)} ${iso.substring(11, 19)}` : '-';
}
