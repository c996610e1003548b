import { useMutation } from '@tanstack/react-query';
import type { ReportCategory } from '@torget/shared/rules/reports';
import { api } from '#web/lib/api-client.ts';

export interface ReportPayload {
  product?: string;
  seller?: string;
  category: ReportCategory;
  text: string;
  /** A signed-out reporter's e-mail; left out when signed in (the account's is used). */
  email?: string;
}

/**
 * POST /api/reports: a report of a product or a shop, from anyone (the token when signed in).
 * Used by the product page and the storefront.
 */
export function useFileReport(signedIn: boolean) {
  return useMutation({
    mutationFn: (report: ReportPayload) =>
      api.post<{ _id: string; message: string }>('/api/reports', report, { auth: signedIn }),
  });
}
