import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';

/** The cache key of one user's details; the profile, admin and seller screens share it. */
export function userDetailsQueryKey(id: string) {
  return ['users', 'detail', id] as const;
}

/** GET /api/users/{id} (bearer): the signed-in user's own details, with the full seller object. */
export function getOwnDetails(id: string, signal?: AbortSignal): Promise<UserDetails> {
  return api.get<UserDetails>(`/api/users/${encodeURIComponent(id)}`, { auth: true, signal });
}

export function ownDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: userDetailsQueryKey(id),
    queryFn: ({ signal }) => getOwnDetails(id, signal),
    enabled: id !== '',
  });
}

export function useOwnDetails(id: string) {
  return useQuery(ownDetailsQueryOptions(id));
}
