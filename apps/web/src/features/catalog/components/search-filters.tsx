import { ALL } from '@torget/shared/rules/catalog-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCategories } from '#web/api/get-categories.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Rating } from '#web/components/rating.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { PRICE_PRESETS, RATING_FILTERS, type SearchParams, searchUrl } from '../utils/search-url';
import '../search.css';

interface FilterLinkProps {
  to: string;
  active: boolean;
  children: ReactNode;
}

function FilterLink({ to, active, children }: FilterLinkProps) {
  return (
    <li>
      <Link
        to={to}
        className={active ? 'filter-link is-active' : 'filter-link'}
        aria-current={active ? 'true' : undefined}
      >
        {children}
      </Link>
    </li>
  );
}

function CategoryFilter({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <section className="filter-group" aria-labelledby="filter-department">
      <h2 id="filter-department">{t('Department')}</h2>
      {categories.isPending ? (
        <LoadingBox />
      ) : categories.isError ? (
        <MessageBox variant="danger">{categories.error.message}</MessageBox>
      ) : (
        <ul>
          <FilterLink to={searchUrl(params, { category: ALL })} active={params.category === ALL}>
            {t('Any')}
          </FilterLink>
          {categories.data.map((category) => (
            <FilterLink key={category} to={searchUrl(params, { category })} active={params.category === category}>
              {category}
            </FilterLink>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The search sidebar (spec section 2, Search results): department, price presets, '& up' ratings. */
export function SearchFilters({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  return (
    <>
      <CategoryFilter params={params} />
      <section className="filter-group" aria-labelledby="filter-price">
        <h2 id="filter-price">{t('Price')}</h2>
        <ul>
          {PRICE_PRESETS.map((preset) => (
            <FilterLink
              key={preset.label}
              to={searchUrl(params, { min: preset.min, max: preset.max })}
              active={params.min === preset.min && params.max === preset.max}
            >
              {t(preset.label)}
            </FilterLink>
          ))}
        </ul>
      </section>
      <section className="filter-group" aria-labelledby="filter-rating">
        <h2 id="filter-rating">{t('Avg. Customer Review')}</h2>
        <ul>
          {RATING_FILTERS.map((rating) => (
            <FilterLink key={rating} to={searchUrl(params, { rating })} active={params.rating === rating}>
              <Rating value={rating} />
              <span className="filter-and-up">{t('& up')}</span>
            </FilterLink>
          ))}
        </ul>
      </section>
    </>
  );
}
