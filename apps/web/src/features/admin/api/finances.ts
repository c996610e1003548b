import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FeeSettings,
  LedgerEarningsMonth,
  LedgerEntry,
  LedgerSellerBalance,
  SellerPaymentRequest,
} from '@torget/shared/api-types.generated';
import { ApiRequestError, api, apiListPage } from '#web/lib/api-client.ts';
import { readLanguageChoice } from '#web/lib/language.ts';
import { readStoredToken } from '#web/lib/session.tsx';

/** Every answer of the admin's Finances screen: one booking reloads them all. */
export const financesQueryKey = ['finances'] as const;

/** GET /api/ledger/sellers (bearer, admin): every seller's balance and held money. */
export function useSellerBalances() {
  return useQuery({
    queryKey: [...financesQueryKey, 'balances'],
    queryFn: ({ signal }) => api.get<LedgerSellerBalance[]>('/api/ledger/sellers', { auth: true, signal }),
  });
}

/** GET /api/ledger/earnings (bearer, admin): the marketplace's earnings per month, newest first. */
export function useEarnings() {
  return useQuery({
    queryKey: [...financesQueryKey, 'earnings'],
    queryFn: ({ signal }) => api.get<LedgerEarningsMonth[]>('/api/ledger/earnings', { auth: true, signal }),
  });
}

export interface EntryFilter {
  seller: string;
  order: string;
  month: string;
}

/** GET /api/ledger?seller=&order=&month=&pageNumber= (bearer, admin): a page of entries, newest first. */
export function useLedgerEntries(filter: EntryFilter, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...financesQueryKey, 'entries', filter, page],
      queryFn: ({ signal }) =>
        apiListPage<LedgerEntry>('/api/ledger', {
          auth: true,
          signal,
          query: { seller: filter.seller, order: filter.order, month: filter.month, pageNumber: page },
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/ledger/payment-requests (bearer, admin): open requests, then the latest received. */
export function usePaymentRequests() {
  return useQuery({
    queryKey: [...financesQueryKey, 'payment-requests'],
    queryFn: ({ signal }) => api.get<SellerPaymentRequest[]>('/api/ledger/payment-requests', { auth: true, signal }),
  });
}

/** GET /api/fees (bearer, admin): the plans' fees and the marketplace's Swish number. */
export function useFees() {
  return useQuery({
    queryKey: [...financesQueryKey, 'fees'],
    queryFn: ({ signal }) => api.get<FeeSettings>('/api/fees', { auth: true, signal }),
  });
}

function useFinanceMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: financesQueryKey }),
  });
}

/** PUT /api/fees { plans: {}, swish_number } (bearer, admin). */
export function useSaveSwishNumber() {
  return useFinanceMutation((swishNumber: string) =>
    api.put<FeeSettings>('/api/fees', { plans: {}, swish_number: swishNumber }, { auth: true }),
  );
}

/** POST /api/ledger/payment-requests (bearer, admin): ask a seller who owes to pay by Swish. */
export function useCreatePaymentRequest() {
  return useFinanceMutation((seller: string) =>
    api.post<SellerPaymentRequest>('/api/ledger/payment-requests', { seller }, { auth: true }),
  );
}

/** PUT /api/ledger/payment-requests/{id}/received (bearer, admin): books the seller's payment once. */
export function useMarkPaymentReceived() {
  return useFinanceMutation((id: string) =>
    api.put<SellerPaymentRequest>(`/api/ledger/payment-requests/${encodeURIComponent(id)}/received`, undefined, {
      auth: true,
    }),
  );
}

export interface CorrectionInput {
  seller: string;
  amount: number;
  note: string;
  /** Made when the form is filled in: a double click or a retry of the same correction books once. */
  idempotencyKey: string;
}

/**
 * POST /api/ledger/corrections (bearer, admin) with an Idempotency-Key header. Sent with fetch
 * here, as the payout file is, so the shared client of the first load stays as it is.
 */
async function postCorrection({ idempotencyKey, ...body }: CorrectionInput): Promise<LedgerEntry> {
  const token = readStoredToken();
  const response = await fetch('/api/ledger/corrections', {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': readLanguageChoice(),
      'Idempotency-Key': idempotencyKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const data = (await response.json().catch(() => null)) as (LedgerEntry & { message?: unknown }) | null;
  if (!response.ok || data === null) {
    const message =
      typeof data?.message === 'string' ? data.message : `Request failed with status code ${response.status}`;
    throw new ApiRequestError(message, response.status);
  }
  return data;
}

export function useBookCorrection() {
  return useFinanceMutation(postCorrection);
}
