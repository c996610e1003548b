/**
 * The UI languages: 'en' is the spec's UI (English chrome with the Swedish texts the
 * spec gives), 'sv' is Svenska. The web app remembers the choice in localStorage and in the
 * `torget_lang` cookie and sends it as `Accept-Language` on every API call.
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
 * 'sv' when the most preferred language of an Accept-Language header is Swedish ('sv', 'sv-SE',
 * 'sv-FI'), else null. Ranges are ordered by their q weight; ties keep the header's order.
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
  const first = ranges[0]?.tag;
  if (!first) return null;
  const primary = first.split('-')[0];
  return primary === 'sv' ? 'sv' : primary === 'en' ? 'en' : null;
}
