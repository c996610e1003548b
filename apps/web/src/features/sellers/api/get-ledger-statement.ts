import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerStatement } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

/** GET /api/ledger/mine?month=YYYY-MM (bearer, seller): the caller's balance, held money and a month's entries. */
export function getLedgerStatement(month: string | null, signal?: AbortSignal): Promise<LedgerStatement> {
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  return api.get<LedgerStatement>(`/api/ledger/mine${query}`, { auth: true, signal });
}

/** Under the order lists' key: marking an order paid books in the ledger, and reloads this too. */
export function ledgerStatementQueryOptions(month: string | null) {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'ledger', month ?? 'current'],
    queryFn: ({ signal }) => getLedgerStatement(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLedgerStatement(month: string | null) {
  return useQuery(ledgerStatementQueryOptions(month));
}

/**
 * GET /api/ledger/mine/statement.csv?month=YYYY-MM (bearer, seller): the month's statement,
 * saved by the browser as `torget-statement-<month>.csv`. Fetched with the token (a plain link
 * would carry none), then handed to the browser as a download.
 */
export function downloadStatementCsv(month: string): Promise<void> {
  return downloadFile(
    `/api/ledger/mine/statement.csv?month=${encodeURIComponent(month)}`,
    `torget-statement-${month}.csv`,
  );
}
