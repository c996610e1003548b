import { useQuery } from '@tanstack/react-query';
import type { OwnSellerApplication } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/** GET /api/seller-applications/mine (bearer): the state of one's own application, and its latest decision. */
export function useOwnApplication(enabled: boolean) {
  return useQuery({
    queryKey: ['seller-applications', 'mine'],
    queryFn: ({ signal }) => api.get<OwnSellerApplication>('/api/seller-applications/mine', { auth: true, signal }),
    enabled,
    // An admin decides elsewhere: read it afresh each time the page is opened.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
