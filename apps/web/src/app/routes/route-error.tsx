import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';

/** Shown when a page fails to load or crashes. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('Something went wrong')}</h1>
      <MessageBox variant="danger">{error instanceof Error ? error.message : t('Unknown error')}</MessageBox>
      <p>
        <a href={window.location.href}>{t('Reload the page')}</a> {t('or')}{' '}
        <Link to="/">{t('go to the home page')}</Link>.
      </p>
    </section>
  );
}
