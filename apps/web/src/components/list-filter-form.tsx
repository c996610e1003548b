import type { FormEvent, ReactNode } from 'react';
import type { ListFilters } from '#web/hooks/use-list-filters.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './list-filter-form.css';

interface ListFilterFormProps<K extends string> {
  /** Names the search landmark, e.g. 'Search users'. */
  label: string;
  filters: ListFilters<K>;
  /** The fields, each named by its key (`name="search"`), with their values from the address. */
  children: ReactNode;
}

/**
 * The search and filter bar of an admin list: its fields go into the address when submitted
 * (a select submits as soon as it changes); "Clear filters" shows while any is set.
 */
export function ListFilterForm<K extends string>({ label, filters, children }: ListFilterFormProps<K>) {
  const { t } = useTranslation();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    filters.apply(
      Object.fromEntries(filters.keys.map((key) => [key, String(data.get(key) ?? '')])) as Partial<Record<K, string>>,
    );
  }
  return (
    <search className="list-filters" aria-label={label}>
      {/* Keyed by the address, so back and forward show the fields as the list is filtered. */}
      <form key={filters.stamp} className="list-filters-form" onSubmit={onSubmit}>
        {children}
        <div className="list-filters-actions">
          <button type="submit" className="button">
            {t('Search')}
          </button>
          {filters.active && (
            <button type="button" className="button button-secondary" onClick={filters.clear}>
              {t('Clear filters')}
            </button>
          )}
        </div>
      </form>
    </search>
  );
}

/** A select that applies its filter at once. */
export const submitOnChange = (event: { currentTarget: HTMLSelectElement }) =>
  event.currentTarget.form?.requestSubmit();
