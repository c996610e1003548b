/**
 * i18next for the web app; components read it through lib/use-translation.ts. Keys are the spec's English texts, so the default UI needs
 * no lookup: the bundled default catalogue (locales/en.ts) only holds plural forms. The Swedish
 * catalogue (locales/sv.ts) is its own chunk, imported only when Svenska is chosen.
 */

import { DEFAULT_LANGUAGE, type Language, parseLanguage } from '@torget/shared/rules/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { defaultCatalogue } from '#web/locales/en.ts';
import { readLanguageChoice, storedLanguageChoice, storeLanguageChoice } from './language';

export const i18n: I18n = i18next.createInstance();

/** Loads the catalogue of `language` unless it is bundled or already loaded. */
async function loadCatalogue(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) return;
  const { swedishCatalogue } = await import('#web/locales/sv.ts');
  i18n.addResourceBundle('sv', 'translation', swedishCatalogue);
}

/** The language the UI shows now. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Starts i18next with the remembered choice, else the page's language (the server's reading of
 * the browser's Accept-Language); resolves once its catalogue is loaded.
 */
export async function setupI18n(): Promise<void> {
  const language = readLanguageChoice();
  // A choice kept in localStorage alone (its cookie expired or cleared) reaches the server again.
  const stored = storedLanguageChoice();
  if (stored !== null) storeLanguageChoice(stored);
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { en: { translation: defaultCatalogue } },
    // Keys are English sentences: '.' and ':' are text, not paths.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // No advertisement in the browser console.
    showSupportNotice: false,
  });
  if (language !== DEFAULT_LANGUAGE) {
    try {
      await loadCatalogue(language);
      await i18n.changeLanguage(language);
    } catch {
      // The chunk did not load (offline): the spec's UI still works.
    }
  }
  document.documentElement.lang = currentLanguage();
}

/** Switches the UI language, remembers it (storage and cookie) and sets `<html lang>`. */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
  storeLanguageChoice(language);
  document.documentElement.lang = language;
}
