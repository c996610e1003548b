import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductFacets } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/** The search's filters; each facet's count leaves out its own filter, so choices can be compared. */
export interface FacetParams {
  name?: string;
  category?: string;
  min?: number;
  max?: number;
  rating?: number;
  seller?: string;
}

export function getFacets(params: FacetParams, signal?: AbortSignal): Promise<ProductFacets> {
  return api.get<ProductFacets>('/api/products/facets', { query: { ...params }, signal });
}

export function useFacets(params: FacetParams) {
  return useQuery({
    queryKey: ['products', 'facets', params],
    queryFn: ({ signal }) => getFacets(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
