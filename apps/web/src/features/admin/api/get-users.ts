import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListEntry } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';

export const usersListQueryKey = ['users', 'list'] as const;

/** GET /api/users/ (bearer, admin): every user. */
export function getUsers(signal?: AbortSignal): Promise<UserListEntry[]> {
  return api.get<UserListEntry[]>('/api/users/', { auth: true, signal });
}

export const usersQueryOptions = queryOptions({
  queryKey: usersListQueryKey,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
