import type { FacetValue, ProductFacets } from '@torget/shared/api-types.generated';
import { ALL, COUNT_CAP } from '@torget/shared/rules/catalog-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCategories } from '#web/api/get-categories.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Rating } from '#web/components/rating.tsx';
import { domainShop } from '#web/lib/hosts.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useFacets } from '../api/get-facets';
import { PRICE_PRESETS, RATING_FILTERS, type SearchParams, searchFilters, searchUrl } from '../utils/search-url';
import '../search.css';
import './option-facets.css';

interface FilterLinkProps {
  to: string;
  active: boolean;
  children: ReactNode;
  /** How many products this choice gives; undefined while unknown (no number shown). */
  count?: FacetCount;
}

interface FacetCount {
  count: number;
  /** The server stopped counting at its cap: at least `count`. */
  capped?: boolean;
}

/** "(12)", or "(1000+)" when the server stopped counting at its cap. */
function countText(count: FacetCount): string {
  return `(${count.count}${count.capped ? '+' : ''})`;
}

function FilterLink({ to, active, children, count }: FilterLinkProps) {
  const empty = count !== undefined && count.count === 0 && !active;
  const className = ['filter-link', active ? 'is-active' : '', empty ? 'is-empty' : ''].filter(Boolean).join(' ');
  return (
    <li>
      <Link to={to} className={className} aria-current={active ? 'true' : undefined}>
        {children}
        {count !== undefined && <span className="filter-count">{countText(count)}</span>}
      </Link>
    </li>
  );
}

/** The facets' counts, each marked "at least" when it reached the server's cap. */
function countsOf<T extends { count: number }>(
  facets: ProductFacets | undefined,
  pick: (facets: ProductFacets) => T[],
) {
  if (!facets) return [];
  return pick(facets).map((entry) => ({ ...entry, capped: facets.capped && entry.count >= COUNT_CAP }));
}

function CategoryFilter({
  params,
  facets,
  ownShopOnly,
}: {
  params: SearchParams;
  facets: ProductFacets | undefined;
  /** On a seller's domain: only the categories the shop sells in. */
  ownShopOnly: boolean;
}) {
  const { t } = useTranslation();
  const categories = useCategories();
  const counts = countsOf(facets, (f) => f.categories);
  const shown = (category: string) =>
    !ownShopOnly || !facets || category === params.category || counts.some((c) => c.name === category && c.count > 0);
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
          {categories.data.filter(shown).map((category) => (
            <FilterLink
              key={category}
              to={searchUrl(params, { category })}
              active={params.category === category}
              count={facets ? (counts.find((entry) => entry.name === category) ?? { count: 0 }) : undefined}
            >
              {category}
            </FilterLink>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A price range of the shopper's own, besides the spec's presets (the address carries min and max). */
function CustomPriceForm({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [min, setMin] = useState(params.min > 0 ? String(params.min) : '');
  const [max, setMax] = useState(params.max > 0 ? String(params.max) : '');
  const [error, setError] = useState<string | null>(null);
  const amount = (text: string) => {
    const value = Number(text.trim().replace(',', '.'));
    return text.trim() === '' ? 0 : Number.isFinite(value) && value >= 0 ? value : Number.NaN;
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const low = amount(min);
    const high = amount(max);
    if (Number.isNaN(low) || Number.isNaN(high)) return setError(t('Enter prices as numbers of SEK.'));
    if (high > 0 && low > high) return setError(t('The lowest price must not be above the highest.'));
    setError(null);
    navigate(searchUrl(params, { min: low, max: high }));
  }
  return (
    <form className="price-range-form" onSubmit={onSubmit} aria-labelledby={`${id}-legend`} noValidate>
      <span id={`${id}-legend`} className="visually-hidden">
        {t('Custom price range in SEK')}
      </span>
      <label htmlFor={`${id}-min`} className="visually-hidden">
        {t('Lowest price (SEK)')}
      </label>
      <input
        id={`${id}-min`}
        inputMode="decimal"
        placeholder={t('Min')}
        value={min}
        onChange={(event) => setMin(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <span aria-hidden="true">–</span>
      <label htmlFor={`${id}-max`} className="visually-hidden">
        {t('Highest price (SEK)')}
      </label>
      <input
        id={`${id}-max`}
        inputMode="decimal"
        placeholder={t('Max')}
        value={max}
        onChange={(event) => setMax(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className="button button-small button-secondary">
        {t('Go')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The search sidebar (spec section 2, Search results): department, price presets, '& up'
 * ratings, each with how many products the current search has there (dimmed at 0),
 * and a price range of the shopper's own.
 */
/** The sizes or colours the shown results come in (their variants' values), each with how many have it. */
function OptionValues({ heading, id, values }: { heading: string; id: string; values: FacetValue[] }) {
  const { t } = useTranslation();
  if (values.length === 0) return null;
  return (
    <section className="filter-group" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className="option-facets">
        {values.map(({ value, count }) => (
          <li key={value} className="option-facet" lang="sv">
            {value}
            <span className="visually-hidden">{t(', {{count}} products', { count })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SearchFilters({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  const { name, category } = searchFilters(params);
  // On a seller's domain the results are that shop's products (api/get-products.ts), so are the counts.
  const seller = domainShop()?._id;
  const facets = useFacets({
    name,
    category,
    min: params.min || undefined,
    max: params.max || undefined,
    rating: params.rating || undefined,
    seller,
  }).data;
  const prices = countsOf(facets, (f) => f.prices);
  const ratings = countsOf(facets, (f) => f.ratings);
  return (
    <>
      <CategoryFilter params={params} facets={facets} ownShopOnly={seller !== undefined} />
      <section className="filter-group" aria-labelledby="filter-price">
        <h2 id="filter-price">{t('Price')}</h2>
        <ul>
          {PRICE_PRESETS.map((preset) => (
            <FilterLink
              key={preset.label}
              to={searchUrl(params, { min: preset.min, max: preset.max })}
              active={params.min === preset.min && params.max === preset.max}
              count={
                preset.max === 0
                  ? undefined
                  : prices.find((entry) => entry.min === preset.min && (entry.max ?? 0) === preset.max)
              }
            >
              {t(preset.label)}
            </FilterLink>
          ))}
        </ul>
        <CustomPriceForm key={`${params.min}-${params.max}`} params={params} />
      </section>
      <section className="filter-group" aria-labelledby="filter-rating">
        <h2 id="filter-rating">{t('Avg. Customer Review')}</h2>
        <ul>
          {RATING_FILTERS.map((rating) => (
            <FilterLink
              key={rating}
              to={searchUrl(params, { rating })}
              active={params.rating === rating}
              count={ratings.find((entry) => entry.rating === rating)}
            >
              <Rating value={rating} />
              <span className="filter-and-up">{t('& up')}</span>
            </FilterLink>
          ))}
        </ul>
      </section>
      <OptionValues heading={t('Sizes')} id="filter-sizes" values={facets?.optionValues?.sizes ?? []} />
      <OptionValues heading={t('Colours')} id="filter-colours" values={facets?.optionValues?.colours ?? []} />
    </>
  );
}
