import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListEntry } from '@torget/shared/api-types';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

export const usersListQueryKey = ['users', 'list'] as const;

/** GET /api/users/?pageNumber= (bearer, admin): a page of the users, newest first. */
export function getUsers(page = 1, signal?: AbortSignal): Promise<ListPage<UserListEntry>> {
  return apiListPage<UserListEntry>('/api/users/', { auth: true, signal, query: { pageNumber: page } });
}

export function usersQueryOptions(page = 1) {
  return queryOptions({
    queryKey: [...usersListQueryKey, page],
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page = 1) {
  return useQuery(usersQueryOptions(page));
}
