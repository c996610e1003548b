import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export interface ProductWriteResponse {
  message: string;
  product: ProductDetails;
}

/** POST /api/products (bearer, seller): an empty product; a 403 names the plan's product limit. */
export function createProduct(): Promise<ProductWriteResponse> {
  return api.post<ProductWriteResponse>('/api/products', {}, { auth: true });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
