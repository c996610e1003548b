import { ORDER_STATE_FILTERS, type OrderStateFilter } from '@torget/shared/rules/admin-lists';
import { isOneOf } from '@torget/shared/rules/one-of';
import { ListFilterForm, submitOnChange } from '#web/components/list-filter-form.tsx';
import { type ListFilters, useListFilters } from '#web/hooks/use-list-filters.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import type { OrderSearch } from '../api/get-orders';

const KEYS = ['search', 'state', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The admin's order search as the address holds it (`?search=&state=&from=&to=`): values the
 * server would refuse are left out, and days given the wrong way round are swapped.
 */
export function useAdminOrderSearch(): { filters: ListFilters<Key>; find: OrderSearch } {
  const filters = useListFilters(KEYS);
  const { values } = filters;
  const state: OrderStateFilter | '' = isOneOf(ORDER_STATE_FILTERS, values.state) ? values.state : '';
  let from = DAY.test(values.from) ? values.from : '';
  let to = DAY.test(values.to) ? values.to : '';
  if (from && to && from > to) [from, to] = [to, from];
  return { filters, find: { search: values.search.trim().slice(0, 100), state, from, to } };
}

/** The admin order list's search bar: number, buyer or shop; state; from and to (Swedish days). */
export function AdminOrderFilters({ filters, find }: { filters: ListFilters<Key>; find: OrderSearch }) {
  const { t } = useTranslation();
  const stateText: Record<OrderStateFilter, string> = {
    unpaid: t('Not paid'),
    paid: t('Paid, not shipped'),
    shipped: t('Shipped'),
    delivered: t('Delivered'),
    cancelled: t('Cancelled'),
  };
  return (
    <ListFilterForm label={t('Search orders')} filters={filters}>
      <label className="list-filter list-filter-search">
        <span>{t('Order number, buyer or shop')}</span>
        <input
          type="search"
          name="search"
          defaultValue={filters.values.search}
          placeholder="T-100001"
          autoComplete="off"
          maxLength={100}
        />
      </label>
      <label className="list-filter">
        <span>{t('State')}</span>
        <select name="state" defaultValue={find.state} onChange={submitOnChange}>
          <option value="">{t('All states')}</option>
          {ORDER_STATE_FILTERS.map((key) => (
            <option key={key} value={key}>
              {stateText[key]}
            </option>
          ))}
        </select>
      </label>
      <label className="list-filter">
        <span>{t('From')}</span>
        <input type="date" name="from" defaultValue={find.from} />
      </label>
      <label className="list-filter">
        <span>{t('To')}</span>
        <input type="date" name="to" defaultValue={find.to} />
      </label>
    </ListFilterForm>
  );
}
