import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export const adminOverviewQueryKey = ['admin', 'overview'] as const;

/** GET /api/admin/overview (bearer, admin): orders and sales today and this month, and open work. */
export function useAdminOverview(enabled: boolean) {
  return useQuery({
    queryKey: adminOverviewQueryKey,
    queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin/overview', { auth: true, signal }),
    enabled,
  });
}
