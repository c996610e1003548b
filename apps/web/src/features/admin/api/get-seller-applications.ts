import { useQuery } from '@tanstack/react-query';
import type { PendingSellerApplicationList } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export const applicationsQueryKey = ['seller-applications'] as const;

/**
 * GET /api/seller-applications?page= (bearer, admin): a page of the pending applications (20,
 * oldest first), with the page, the number of pages and the count of every pending one.
 */
export function usePendingApplications(page: number) {
  return useQuery({
    queryKey: [...applicationsQueryKey, page],
    queryFn: ({ signal }) =>
      api.get<PendingSellerApplicationList>('/api/seller-applications', { auth: true, signal, query: { page } }),
  });
}
