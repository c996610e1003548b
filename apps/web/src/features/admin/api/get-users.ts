import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListEntry } from '@torget/shared/api-types';
import type { ShopStatusFilter } from '@torget/shared/rules/shop-status';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

export const usersListQueryKey = ['users', 'list'] as const;

/**
 * GET /api/users/?shop=&pageNumber= (bearer, admin): a page of the users, newest first; `shop`
 * keeps one shop status, '' everyone.
 */
export function getUsers(
  page = 1,
  shop: ShopStatusFilter | '' = '',
  signal?: AbortSignal,
): Promise<ListPage<UserListEntry>> {
  return apiListPage<UserListEntry>('/api/users/', {
    auth: true,
    signal,
    query: { shop: shop || undefined, pageNumber: page },
  });
}

export function usersQueryOptions(page = 1, shop: ShopStatusFilter | '' = '') {
  return queryOptions({
    queryKey: [...usersListQueryKey, shop, page],
    queryFn: ({ signal }) => getUsers(page, shop, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page = 1, shop: ShopStatusFilter | '' = '') {
  return useQuery(usersQueryOptions(page, shop));
}
