import { DEFAULT_LANGUAGE, parseLanguage } from '@torget/shared/rules/languages';
import { formatDate, formatDateTime, formatPrice } from '#web/lib/format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

/** Price and date formatters for the UI language now shown (lib/format.ts); re-renders on a switch. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return {
    price: (sek: number) => formatPrice(sek, language),
    date: (iso: string | null | undefined) => formatDate(iso, language),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
  };
}
