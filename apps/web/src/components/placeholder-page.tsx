import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

/** Stand-in for a screen that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="page placeholder-page">
      <h1>{title}</h1>
      <p>{t('This screen is coming soon.')}</p>
    </section>
  );
}
