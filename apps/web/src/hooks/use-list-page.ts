import { useSearchParams } from 'react-router';

/** Paged API lists answer 50 rows a page (apps/api/src/lib/paging.ts). */
export const LIST_PAGE_SIZE = 50;

/**
 * The list page a screen shows, from its `?page=` search parameter (1 when absent or not a
 * whole number from 1), and the address of page `n` for the pager.
 */
export function useListPage(): { page: number; hrefFor: (n: number) => string } {
  const [params] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete('page');
    else next.set('page', String(n));
    const text = next.toString();
    return text === '' ? '?' : `?${text}`;
  };
  return { page, hrefFor };
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
