import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { SiteText } from '../components/site-text';
import { StoredDataList } from '../components/stored-data-list';
import '../info.css';
import '../stored-data.css';

/**
 * /privacy: the admin's privacy text, then the generated list of what is stored and for how long,
 * and a link to the full privacy policy.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Privacy'));
  return (
    <section className="page info-page">
      <h1>{t('Privacy')}</h1>
      <SiteText field="privacy_text">
        <StoredDataList />
      </SiteText>
      <p>
        <Link to="/privacy_policy" className="standalone-link">
          {t('Read the privacy policy')}
        </Link>
      </p>
    </section>
  );
}
