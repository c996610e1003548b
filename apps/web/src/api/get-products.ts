import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import type { ManagedProductState } from '@torget/shared/rules/admin-lists';
import type { ManagedProductSort, ProductOrder } from '@torget/shared/rules/catalog-query';
import { api } from '#web/lib/api-client.ts';
import { domainShop } from '#web/lib/hosts.ts';

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
  /** Added beyond the spec: the seller's own or the admin's list, drafts included (sent with the token). */
  scope?: 'manage';
  /** Added beyond the spec: the managing list's column sort. */
  sort?: ManagedProductSort;
  /** Added beyond the spec: the managing list's listed / draft filter. */
  state?: ManagedProductState;
}

export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>('/api/products', {
    query: { ...params },
    auth: params.scope === 'manage',
    signal,
  });
}

/**
 * On a seller's own domain every list is that seller's products (the shop's search and
 * any other list offer only its own); elsewhere the parameters as they are.
 */
function onThisSite(params: ProductListParams): ProductListParams {
  const shop = domainShop();
  return shop && params.seller === undefined ? { ...params, seller: shop._id } : params;
}

export function productsQueryOptions(params: ProductListParams = {}) {
  const scoped = onThisSite(params);
  return queryOptions({
    queryKey: ['products', 'list', scoped],
    queryFn: ({ signal }) => getProducts(scoped, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams = {}) {
  return useQuery(productsQueryOptions(params));
}
