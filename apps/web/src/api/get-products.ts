import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@torget/shared/api-types';
import type { ManagedProductSort, ProductOrder } from '@torget/shared/rules/catalog-query';
import { api } from '#web/lib/api-client.ts';

/** Query of GET /api/products (spec section 7); left-out fields take the server's defaults. */
export interface ProductListParams {
  pageNumber?: number;
  pageSize?: number;
  seller?: string;
  name?: string;
  category?: string;
  min?: number;
  max?: number;
  rating?: number;
  order?: ProductOrder;
  /** Added by issue 16: the seller's own or the admin's list, drafts included (sent with the token). */
  scope?: 'manage';
  /** Added by issue 16: the managing list's column sort. */
  sort?: ManagedProductSort;
}

export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>('/api/products', {
    query: { ...params },
    auth: params.scope === 'manage',
    signal,
  });
}

export function productsQueryOptions(params: ProductListParams = {}) {
  return queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams = {}) {
  return useQuery(productsQueryOptions(params));
}
