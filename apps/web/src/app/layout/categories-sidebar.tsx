import type { Ref } from 'react';
import { CategoryLinks } from '#web/features/catalog/components/category-links.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { PANEL_IDS } from './panels';
import './sidebars.css';

interface CategoriesSidebarProps {
  open: boolean;
  /** The close button: closes and gives focus back to the toggle. */
  onClose: () => void;
  /** A link was followed: closes. */
  onNavigate: () => void;
  ref: Ref<HTMLElement>;
}

/** Left sidebar: the product categories. Beside the content on wide screens, a slide-in panel on phones. */
export function CategoriesSidebar({ open, onClose, onNavigate, ref }: CategoriesSidebarProps) {
  const { t } = useTranslation();
  return (
    <aside
      ref={ref}
      id={PANEL_IDS.categories}
      className={`sidebar sidebar-left${open ? ' is-open' : ''}`}
      aria-label={t('Product categories')}
      tabIndex={-1}
    >
      <div className="sidebar-head">
        <h2>{t('Categories')}</h2>
        <button type="button" className="close-button" aria-label={t('Close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <CategoryLinks onNavigate={onNavigate} />
    </aside>
  );
}
