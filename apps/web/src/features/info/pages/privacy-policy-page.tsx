import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { SiteText } from '../components/site-text';
import '../info.css';

/** /privacy_policy: the admin's privacy policy text; a button back to /privacy. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Privacy policy'));
  return (
    <section className="page info-page">
      <h1>{t('Privacy policy')}</h1>
      <SiteText field="privacy_policy_text" />
      <p className="button-row">
        <Link to="/privacy" className="button button-secondary">
          {t('Back')}
        </Link>
      </p>
    </section>
  );
}
