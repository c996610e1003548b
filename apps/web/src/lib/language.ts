/**
 * The UI language choice in the browser. A choice made with the switch is kept in localStorage
 * and in the `torget_lang` cookie, so the server writes `<html lang>` into the page it serves
 * before any script runs; without one the server follows the browser's Accept-Language and the
 * page's `<html lang>` says what it chose. The languages themselves are
 * `@torget/shared/rules/languages`.
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageFromCookie,
  parseLanguage,
} from '@torget/shared/rules/languages';

/** One year: a choice outlives a session. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that tells the server the choice (sent with every page load, so Path=/). */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The choice made with the switch: localStorage first, then the cookie; null when none was made. */
export function storedLanguageChoice(): Language | null {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_COOKIE);
  } catch {
    // Storage switched off: the cookie may still hold the choice.
  }
  return parseLanguage(stored) ?? languageFromCookie(document.cookie);
}

/**
 * The language to show: the stored choice, else the one the server wrote into `<html lang>` (from
 * the browser's Accept-Language on a first visit), else the default (the spec's UI).
 */
export function readLanguageChoice(): Language {
  return storedLanguageChoice() ?? parseLanguage(document.documentElement?.lang) ?? DEFAULT_LANGUAGE;
}

export function storeLanguageChoice(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_COOKIE, language);
  } catch {
    // Storage switched off: the cookie alone remembers it.
  }
  // The Cookie Store API is not in every browser we serve (Firefox, older Safari); this write is.
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write is what every browser has
  document.cookie = languageCookie(language);
}
