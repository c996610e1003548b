import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationReportList } from '@torget/shared/api-types.generated';
import type { ReportDecision, ReportStatus } from '@torget/shared/rules/reports';
import { api } from '#web/lib/api-client.ts';

export const reportsQueryKey = ['reports'] as const;

/** GET /api/reports (bearer, admin): the open queue (oldest first) or the decided history (newest first). */
export function useModerationReports(status: ReportStatus, page: number) {
  return useQuery({
    queryKey: [...reportsQueryKey, status, page],
    queryFn: ({ signal }) =>
      api.get<ModerationReportList>('/api/reports', { auth: true, signal, query: { status, page } }),
  });
}

export interface ReportDecisionPayload {
  id: string;
  decision: ReportDecision;
  reason: string;
}

/** PUT /api/reports/{id} (bearer, admin): keep, or remove the listing; the seller and the reporter are mailed. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: ReportDecisionPayload) =>
      api.put<{ _id: string; decision: ReportDecision; removed: number; message: string }>(
        `/api/reports/${encodeURIComponent(id)}`,
        { decision, reason },
        { auth: true },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reportsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] });
    },
  });
}
