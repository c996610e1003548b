import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListEntry } from '@torget/shared/api-types.generated';
import type { UserRoleFilter } from '@torget/shared/rules/admin-lists';
import type { ShopStatusFilter } from '@torget/shared/rules/shop-status';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

export const usersListQueryKey = ['users', 'list'] as const;

/** The user list's search (name or e-mail) and role filter; '' means none. */
export interface UserSearch {
  search: string;
  role: UserRoleFilter | '';
}

const NO_SEARCH: UserSearch = { search: '', role: '' };

/**
 * GET /api/users/?shop=&search=&role=&pageNumber= (bearer, admin): a page of the users, newest
 * first; `shop` keeps one shop status, '' everyone; `find` searches and filters by role.
 */
export function getUsers(
  page = 1,
  shop: ShopStatusFilter | '' = '',
  find: UserSearch = NO_SEARCH,
  signal?: AbortSignal,
): Promise<ListPage<UserListEntry>> {
  return apiListPage<UserListEntry>('/api/users/', {
    auth: true,
    signal,
    query: {
      shop: shop || undefined,
      search: find.search || undefined,
      role: find.role || undefined,
      pageNumber: page,
    },
  });
}

export function usersQueryOptions(page = 1, shop: ShopStatusFilter | '' = '', find: UserSearch = NO_SEARCH) {
  return queryOptions({
    queryKey: [...usersListQueryKey, shop, find.search, find.role, page],
    queryFn: ({ signal }) => getUsers(page, shop, find, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page = 1, shop: ShopStatusFilter | '' = '', find: UserSearch = NO_SEARCH) {
  return useQuery(usersQueryOptions(page, shop, find));
}
