/**
 * `useTranslation()` for the components: `t` for the UI language shown, re-rendering when it
 * changes. Our own few lines on i18next instead of react-i18next, whose provider, Trans and
 * namespace loading we do not use: they cost the first load about 2 KB gzip it does not have
 * (check-bundle's 120 KB budget, docs/decisions/039-svenska-english-i18next.md).
 */
import type { TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguageCode = () => i18n.language;

export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguageCode, currentLanguageCode);
  return useMemo(() => ({ t: i18n.getFixedT(language), i18n }), [language]);
}
