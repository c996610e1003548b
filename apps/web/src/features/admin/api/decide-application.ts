import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminOverviewQueryKey } from './get-admin-overview';
import { applicationsQueryKey } from './get-seller-applications';
import { usersListQueryKey } from './get-users';

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
      // The admin menu's pending count is the overview's.
      await queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey });
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
