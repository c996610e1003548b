/**
 * GET /api/users/{id} (bearer): one user's full details. Used by several features (profile,
 * shipping prefill, shop settings, seller application, admin user edit), so it lives here.
 * Sign-in, registration and every update that answers a user fill the same cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export function userDetailsQueryKey(id: string) {
  return ['users', 'detail', id] as const;
}

export function getUserDetails(id: string, signal?: AbortSignal): Promise<UserDetails> {
  return api.get<UserDetails>(`/api/users/${encodeURIComponent(id)}`, { auth: true, signal });
}

export function userDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: userDetailsQueryKey(id),
    queryFn: ({ signal }) => getUserDetails(id, signal),
    enabled: id !== '',
  });
}

export function useUserDetails(id: string) {
  return useQuery(userDetailsQueryOptions(id));
}
