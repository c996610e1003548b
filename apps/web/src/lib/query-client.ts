import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/** How long rarely changing lists (categories, top sellers) count as fresh. */
export const LONG_STALE_TIME = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on a retry; a dropped connection might.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
