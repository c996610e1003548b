import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { CategoryLinks } from '../components/category-links';

/** /categories: every category name, each linking to its search page. */
export function CategoriesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Categories'));
  return (
    <section className="page" aria-labelledby="categories-heading">
      <h1 id="categories-heading">{t('Categories')}</h1>
      <CategoryLinks className="category-list" />
    </section>
  );
}
