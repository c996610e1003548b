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

/** Up to this many pages every page is linked; past it the first, the last and those near the current one. */
const ALL_PAGES_UP_TO = 15;

/** The page numbers linked: all of a short list, else 1, the current one ± 2, and the last. */
export function shownPages(page: number, pages: number): number[] {
  if (pages <= ALL_PAGES_UP_TO) return Array.from({ length: pages }, (_, index) => index + 1);
  const near = [1, page - 2, page - 1, page, page + 1, page + 2, pages];
  return [...new Set(near.filter((n) => n >= 1 && n <= pages))].sort((a, b) => a - b);
}

/** Numbered page links (spec: search results, storefronts, product lists); the current one is marked. */
export function Pager({ page, pages, hrefFor, label }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = shownPages(page, pages);
  return (
    <nav className="pager" aria-label={label ?? t('Pages')}>
      <ul>
        {numbers.map((n, i) => (
          <li key={n}>
            {i > 0 && n - (numbers[i - 1] ?? n) > 1 && (
              <span className="pager-gap" aria-hidden="true">
                …
              </span>
            )}
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
