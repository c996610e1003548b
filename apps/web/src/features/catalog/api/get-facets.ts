import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** How many products the current search has under one choice of a filter (issue 17). */
export interface FacetCount {
  count: number;
}

/** GET /api/products/facets: counts beside each category, price preset and rating of the sidebar. */
export interface Facets {
  categories: (FacetCount & { name: string })[];
  prices: (FacetCount & { min: number; max: number | null })[];
  ratings: (FacetCount & { rating: number })[];
  /** Some count reached the server's cap: it means "at least this many". */
  capped: boolean;
}

/** The search's filters; each facet's count leaves out its own filter, so choices can be compared. */
export interface FacetParams {
  name?: string;
  category?: string;
  min?: number;
  max?: number;
  rating?: number;
  seller?: string;
}

export function getFacets(params: FacetParams, signal?: AbortSignal): Promise<Facets> {
  return api.get<Facets>('/api/products/facets', { query: { ...params }, signal });
}

export function useFacets(params: FacetParams) {
  return useQuery({
    queryKey: ['products', 'facets', params],
    queryFn: ({ signal }) => getFacets(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
