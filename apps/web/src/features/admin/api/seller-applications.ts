import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingSellerApplication } from '@torget/shared/api-types';
import { api } from '#web/lib/api-client.ts';
import { usersListQueryKey } from './get-users';

export const applicationsQueryKey = ['seller-applications'] as const;

/** GET /api/seller-applications (bearer, admin): the pending applications, oldest first. */
export function usePendingApplications(enabled = true) {
  return useQuery({
    enabled,
    queryKey: applicationsQueryKey,
    queryFn: ({ signal }) => api.get<PendingSellerApplication[]>('/api/seller-applications', { auth: true, signal }),
  });
}

export interface DecisionPayload {
  userId: string;
  approved: boolean;
  reason: string;
}

/** PUT /api/seller-applications/{userId} (bearer, admin): approve or reject, mailing the applicant. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approved, reason }: DecisionPayload) =>
      api.put<{ _id: string; decision: 'approved' | 'rejected'; message: string }>(
        `/api/seller-applications/${encodeURIComponent(userId)}`,
        { approved, reason },
        { auth: true },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: applicationsQueryKey });
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
