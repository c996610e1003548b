import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { DEFAULT_PUBLIC_PAGE_SIZE } from '@torget/shared/rules/catalog-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useProducts } from '#web/api/get-products.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { ProductCard } from '#web/components/product-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { categoryUrl } from '../components/category-links';
import { SearchFilters } from '../components/search-filters';
import {
  hasFilters,
  parseSearchParams,
  priceLabel,
  SEARCH_DEFAULTS,
  type SearchParams,
  searchFilters,
  searchUrl,
  sortOptions,
} from '../utils/search-url';
import '../search.css';

const EAGER_IMAGES = 4;

/** '3 Results : "lamp" : Kläder : SEK 10-100 : 4 stars & up' — what the results are of. */
function ResultSummary({ count, params }: { count: number; params: SearchParams }) {
  const { t } = useTranslation();
  const { name, category } = searchFilters(params);
  const parts: string[] = [];
  if (name !== undefined) parts.push(`"${name}"`);
  if (category !== undefined) parts.push(category);
  if (params.min > 0 || params.max > 0) parts.push(t(priceLabel(params.min, params.max)));
  if (params.rating > 0) parts.push(t('{{count}} stars & up', { count: params.rating }));
  return (
    <p className="result-summary" aria-live="polite">
      <strong>{t('{{count}} Results', { count })}</strong>
      {parts.map((part) => (
        <span key={part}>{` : ${part}`}</span>
      ))}
      {hasFilters(params) && (
        <Link to={searchUrl({ ...SEARCH_DEFAULTS, order: params.order })} className="remove-filters">
          {t('Remove filters')}
        </Link>
      )}
    </p>
  );
}

/**
 * What a name search that finds nothing offers under "No Product Found": "Did you mean <link>?",
 * the closest name search that finds something, and the categories closest to the words typed.
 */
function DidYouMean({ answer }: { answer: ProductListResponse }) {
  const { t } = useTranslation();
  const spellings = answer.didYouMean?.spellings ?? (answer.suggestion === undefined ? [] : [answer.suggestion]);
  const categories = answer.didYouMean?.categories ?? [];
  return (
    <>
      {spellings.map((spelling) => (
        <p key={spelling} className="did-you-mean">
          {t('Did you mean')} <Link to={`/search/name/${encodeURIComponent(spelling)}`}>{spelling}</Link>?
        </p>
      ))}
      {categories.length > 0 && (
        <nav className="did-you-mean" aria-label={t('Categories like your search')}>
          {t('Categories like your search')}
          <ul className="did-you-mean-categories">
            {categories.map((category) => (
              <li key={category}>
                <Link to={categoryUrl(category)}>{category}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

/** Every /search/... route (spec section 2, Search results). */
export function SearchPage() {
  const { t } = useTranslation();
  const params = parseSearchParams(useParams());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersPath, setFiltersPath] = useState(pathname);
  // Choosing a filter on a phone closes the filter panel, so the new results are in view.
  if (filtersPath !== pathname) {
    setFiltersPath(pathname);
    setFiltersOpen(false);
  }
  const { name, category } = searchFilters(params);
  const orders = sortOptions(params);
  useDocumentTitle(name === undefined ? t('Search results') : `${name} - ${t('Search results')}`);

  const products = useProducts({
    pageNumber: params.pageNumber,
    pageSize: DEFAULT_PUBLIC_PAGE_SIZE,
    name,
    category,
    min: params.min,
    max: params.max,
    rating: params.rating,
    order: params.order,
  });

  // A category page (/search/category/{c}) is titled by its category, under a breadcrumb.
  const categoryPage = category !== undefined && name === undefined;
  return (
    <section className="page search-page" aria-labelledby="search-heading">
      {category !== undefined && (
        <nav className="breadcrumb" aria-label={t('Breadcrumb')}>
          <ol>
            <li>
              <Link to="/">{t('Home')}</Link>
            </li>
            <li>
              <Link to={searchUrl({ ...SEARCH_DEFAULTS, category })} aria-current={categoryPage ? 'page' : undefined}>
                {category}
              </Link>
            </li>
          </ol>
        </nav>
      )}
      <h1 id="search-heading" className={categoryPage ? 'search-heading' : 'visually-hidden'}>
        {categoryPage ? category : t('Search results')}
      </h1>
      <div className="search-layout">
        <div className="search-filters-column">
          <button
            type="button"
            className="filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('Filters')}
          </button>
          <aside
            id="search-filters"
            className={filtersOpen ? 'search-filters is-open' : 'search-filters'}
            aria-label={t('Search filters')}
          >
            <SearchFilters params={params} />
          </aside>
        </div>
        <div className="search-results">
          <div className="search-toolbar">
            {products.data ? <ResultSummary count={products.data.count} params={params} /> : <span />}
            <div className="sort-control">
              <label htmlFor="search-order">{t('Sort by')}</label>
              <select
                className="select-input"
                id="search-order"
                value={params.order}
                onChange={(event) => {
                  const order = orders.find((option) => option.value === event.target.value)?.value;
                  if (order) navigate(searchUrl(params, { order }));
                }}
              >
                {orders.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            </div>
            {/* Beside the sort: what decides the order (a marketplace must say it). */}
            <Link to="/ranking" className="ranking-link">
              {t('How search results are ranked')}
            </Link>
          </div>
          {products.isPending ? (
            <LoadingBox />
          ) : products.isError ? (
            <MessageBox variant="danger">{products.error.message}</MessageBox>
          ) : products.data.products.length === 0 ? (
            <>
              <MessageBox>{t('No Product Found')}</MessageBox>
              <DidYouMean answer={products.data} />
            </>
          ) : (
            <div className={products.isPlaceholderData ? 'product-grid is-stale' : 'product-grid'}>
              {products.data.products.map((product, index) => (
                // The cards follow the filters' h2 headings, which a narrow screen hides: level 2
                // keeps the outline without a skipped level either way.
                <ProductCard key={product._id} product={product} eager={index < EAGER_IMAGES} headingLevel={2} />
              ))}
            </div>
          )}
          {products.data && (
            <Pager
              page={params.pageNumber}
              pages={products.data.pages}
              hrefFor={(pageNumber) => searchUrl(params, { pageNumber })}
              label={t('Search result pages')}
            />
          )}
        </div>
      </div>
    </section>
  );
}
