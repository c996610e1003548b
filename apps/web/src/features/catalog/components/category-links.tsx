import { Link } from 'react-router';
import { useCategories } from '#web/api/get-categories.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import './category-links.css';

export function categoryUrl(category: string): string {
  return `/search/category/${encodeURIComponent(category)}`;
}

interface CategoryLinksProps {
  className?: string;
  onNavigate?: () => void;
}

/** The category names, each a link to its search page; a loading indicator or a red error box. */
export function CategoryLinks({ className = 'category-links', onNavigate }: CategoryLinksProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  if (categories.isPending) return <LoadingBox />;
  if (categories.isError) return <MessageBox variant="danger">{categories.error.message}</MessageBox>;
  if (categories.data.length === 0) return <p className="muted">{t('No categories yet.')}</p>;
  return (
    <ul className={className}>
      {categories.data.map((category) => (
        <li key={category}>
          <Link to={categoryUrl(category)} onClick={onNavigate}>
            {category}
          </Link>
        </li>
      ))}
    </ul>
  );
}
