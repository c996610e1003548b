import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { SiteText } from '../components/site-text';
import '../info.css';

/** /privacy: the admin's privacy text and a link to the full privacy policy. */
export function PrivacyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Privacy'));
  return (
    <section className="page info-page">
      <h1>{t('Privacy')}</h1>
      <SiteText field="privacy_text" />
      <p>
        <Link to="/privacy_policy" className="standalone-link">
          {t('Read the privacy policy')}
        </Link>
      </p>
    </section>
  );
}
