import { useQuery } from '@tanstack/react-query';
import type { SuggestResponse } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/** The server answers nothing for fewer letters; the box does not ask. */
export const SUGGEST_MIN_LETTERS = 2;

const NONE: SuggestResponse = { products: [], shops: [] };

export function getSuggestions(q: string, signal?: AbortSignal): Promise<SuggestResponse> {
  return api.get<SuggestResponse>('/api/products/suggest', { query: { q }, signal });
}

/**
 * Suggestions for `q` (already debounced by the caller). A newer `q` makes the older request
 * unobserved, and React Query aborts it through the signal, so an outdated answer never
 * arrives after a newer one.
 */
export function useSuggestions(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['products', 'suggest', text],
    queryFn: ({ signal }) => getSuggestions(text, signal),
    enabled: text.length >= SUGGEST_MIN_LETTERS,
    staleTime: 60_000,
    placeholderData: (previous) => previous ?? NONE,
  });
}
