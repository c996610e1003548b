import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
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

/**
 * PUT /api/products/{id} (bearer): the product's owner or an admin. `version` is the product's
 * version when the form was loaded: a product changed since (a sale, another edit) is refused
 * with 409 instead of being overwritten (issue 15).
 */
export function updateProduct(id: string, input: ProductUpdateInput, version: number): Promise<ProductWriteResponse> {
  return api.put<ProductWriteResponse>(
    `/api/products/${encodeURIComponent(id)}`,
    { ...input, version },
    { auth: true },
  );
}

export function useUpdateProduct(id: string, version: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductUpdateInput) => updateProduct(id, input, version),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]),
  });
}
