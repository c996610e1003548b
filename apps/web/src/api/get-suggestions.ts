import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** A product offered as the shopper types (GET /api/products/suggest, issue 17). */
export interface ProductSuggestion {
  _id: string;
  name: string;
  image: string;
  /** SEK, like every price the API answers. */
  price: number;
}

/** A shop offered as the shopper types; `_id` is the seller's user id (`/seller/{id}`). */
export interface ShopSuggestion {
  _id: string;
  name: string;
  logo: string;
}

export interface Suggestions {
  products: ProductSuggestion[];
  shops: ShopSuggestion[];
}

/** The server answers nothing for fewer letters; the box does not ask. */
export const SUGGEST_MIN_LETTERS = 2;

const NONE: Suggestions = { products: [], shops: [] };

export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return api.get<Suggestions>('/api/products/suggest', { query: { q }, signal });
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
