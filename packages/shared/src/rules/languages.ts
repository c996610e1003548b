/**
 * The UI languages: 'en' is the spec's UI (English chrome with the Swedish texts the
 * spec gives), 'sv' is Svenska. A first visit follows the browser's Accept-Language; the web app
 * remembers a choice made with the switch in localStorage and in the `torget_lang` cookie and
 * sends the language shown as `Accept-Language` on every API call.
 */
export type Language = 'en' | 'sv';

export const DEFAULT_LANGUAGE: Language = 'en';
/** The cookie (and localStorage key) that holds the choice. */
export const LANGUAGE_COOKIE = 'torget_lang';

/** The language a stored value names, or null when it names none. */
export function parseLanguage(value: string | null | undefined): Language | null {
  return value === 'en' || value === 'sv' ? value : null;
}

/** The value of `torget_lang` in a Cookie header (or `document.cookie`), or null. */
export function languageFromCookie(cookie: string | null | undefined): Language | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return parseLanguage(rest.join('=').trim());
  }
  return null;
}

/**
 * The UI language an Accept-Language header prefers: ranges ordered by their q weight (ties keep
 * the header's order), the first that names Swedish ('sv', 'sv-SE', 'sv-FI') or English wins, so
 * 'de-DE, sv;q=0.8' is Swedish; null when no range names either (the caller's default then).
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split('-')[0];
    if (primary === 'sv' || primary === 'en') return primary;
  }
  return null;
}

/**
 * The language a page is served in: a stored choice (the `torget_lang` cookie) wins, then the
 * browser's Accept-Language, then the default, English (the spec's UI).
 */
export function servedLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return languageFromCookie(cookie) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
