import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { SiteText } from '../components/site-text';
import '../info.css';

/** /about: the admin's about text; buttons to the home page and the seller information. */
export function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('About'));
  return (
    <section className="page info-page">
      <h1>{t('About Torget')}</h1>
      <SiteText field="about_text" />
      <p className="button-row">
        <Link to="/" className="button button-secondary">
          Till startsida
        </Link>
        <Link to="/seller_info_1" className="button">
          Bli säljare
        </Link>
      </p>
    </section>
  );
}
