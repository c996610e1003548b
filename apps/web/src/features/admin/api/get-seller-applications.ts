import { useQuery } from '@tanstack/react-query';
import type { PendingSellerApplication } from '@torget/shared/api-types';
import { api } from '#web/lib/api-client.ts';

export const applicationsQueryKey = ['seller-applications'] as const;

/** GET /api/seller-applications (bearer, admin): the pending applications, oldest first. */
export function usePendingApplications(enabled = true) {
  return useQuery({
    enabled,
    queryKey: applicationsQueryKey,
    queryFn: ({ signal }) => api.get<PendingSellerApplication[]>('/api/seller-applications', { auth: true, signal }),
  });
}
