import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Page not found'));
  return (
    <section className="page">
      <h1>{t('Page not found')}</h1>
      <p>{t('There is no page at this address.')}</p>
      <p>
        <Link to="/" className="standalone-link">
          {t('Go to the home page')}
        </Link>
      </p>
    </section>
  );
}
