import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ProductWriteResponse } from './create-product';

/**
 * The edit form's payload (`productUpdateSchema` of the shared catalogue rules). Numbers go as
 * typed; the server checks them and answers a message naming the field.
 */
export interface ProductUpdateInput {
  name: string;
  price: string;
  image: string;
  category: string;
  brand: string;
  countInStock: string;
  description: string;
  shipping_price: string;
  shipping_info: string;
}

/** PUT /api/products/{id} (bearer): the product's owner or an admin. */
export function updateProduct(id: string, input: ProductUpdateInput): Promise<ProductWriteResponse> {
  return api.put<ProductWriteResponse>(`/api/products/${encodeURIComponent(id)}`, input, { auth: true });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductUpdateInput) => updateProduct(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]),
  });
}
