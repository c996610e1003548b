import { Link } from 'react-router';
import { useTranslation } from '#web/lib/use-translation.ts';
import './pager.css';

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are; with one page or none the pager is not shown. */
  pages: number;
  /** The address of page `n`. */
  hrefFor: (n: number) => string;
  /** Names the navigation landmark, e.g. 'Search result pages'. */
  label?: string;
}

/** Numbered page links (spec: search results, storefronts, product lists); the current one is marked. */
export function Pager({ page, pages, hrefFor, label }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav className="pager" aria-label={label ?? t('Pages')}>
      <ul>
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              className={n === page ? 'pager-link is-current' : 'pager-link'}
              aria-current={n === page ? 'page' : undefined}
            >
              <span className="visually-hidden">{t('Page ')}</span>
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
