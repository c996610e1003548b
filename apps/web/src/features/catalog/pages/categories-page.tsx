import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { CategoryLinks } from '../components/category-links';

/** /categories: every category name, each linking to its search page. */
export function CategoriesPage() {
  useDocumentTitle('Categories');
  return (
    <section className="page" aria-labelledby="categories-heading">
      <h1 id="categories-heading">Categories</h1>
      <CategoryLinks className="category-list" />
    </section>
  );
}
