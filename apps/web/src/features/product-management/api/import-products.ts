/**
 * POST /api/products/import (bearer, multipart `file`): a dry run's report, or the file applied.
 * A refused file (422) answers its report too, and a file that cannot be read (400) its problems:
 * both are shown, so they are answers here rather than errors.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCsvFileProblem, ProductCsvReport } from '@torget/shared/rules/product-csv';
import { readLanguageChoice } from '#web/lib/language.ts';
import { readStoredToken } from '#web/lib/session.tsx';

export type ImportAnswer =
  | { kind: 'report'; report: ProductCsvReport }
  | { kind: 'problem'; problem: ProductCsvFileProblem };

export async function importProducts(file: File, dryRun: boolean): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file);
  const token = readStoredToken();
  const response = await fetch(`/api/products/import${dryRun ? '?dry_run=1' : ''}`, {
    method: 'POST',
    body,
    headers: {
      Accept: 'application/json',
      'Accept-Language': readLanguageChoice(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const data = (await response.json().catch(() => null)) as
    | (Partial<ProductCsvReport> & Partial<ProductCsvFileProblem>)
    | null;
  if ((response.ok || response.status === 422) && data && Array.isArray(data.refused)) {
    return { kind: 'report', report: data as ProductCsvReport };
  }
  return {
    kind: 'problem',
    problem: {
      message: typeof data?.message === 'string' ? data.message : `Request failed with status code ${response.status}`,
      problems: Array.isArray(data?.problems) ? data.problems : [],
    },
  };
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importProducts(file, dryRun),
    onSuccess: (answer) => {
      if (answer.kind === 'report' && answer.report.applied)
        void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
