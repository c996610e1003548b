import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';

/** The cache key of one user's details; sign-in and profile updates fill it with their answer. */
export function userQueryKey(id: string) {
  return ['users', 'detail', id] as const;
}

/** GET /api/users/{id} (bearer): the signed-in user's own details. */
export function getUser(id: string, signal?: AbortSignal): Promise<UserDetails> {
  return api.get<UserDetails>(`/api/users/${encodeURIComponent(id)}`, { auth: true, signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: id !== '',
  });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
