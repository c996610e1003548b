import { chooseLanguage, currentLanguage } from '#web/lib/i18n.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './language-switch.css';

/**
 * The Svenska / English switch, in the header and the footer: one button naming the
 * other language in that language, so a reader of either finds it. The choice is remembered and
 * reaches the server (lib/language.ts).
 */
export function LanguageSwitch() {
  // Re-renders when the language changes.
  useTranslation();
  const language = currentLanguage();
  const next = language === 'sv' ? 'en' : 'sv';
  return (
    <button
      type="button"
      className="language-switch"
      lang={next}
      onClick={() => {
        void chooseLanguage(next);
      }}
    >
      {next === 'sv' ? 'Svenska' : 'English'}
    </button>
  );
}
