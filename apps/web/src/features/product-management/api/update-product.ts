import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductUpdate } from '@torget/shared/schemas/catalog';
import { api } from '#web/lib/api-client.ts';
import type { ProductWriteResponse } from './create-product';

/**
 * PUT /api/products/{id} (bearer): the product's owner or an admin. The payload is what the
 * shared `productUpdateSchema` made of the form (the form is checked with the same schema), with
 * `version`, the product's version when the form was loaded: a product changed since (a sale,
 * another edit) is refused with 409 instead of being overwritten.
 */
export function updateProduct(id: string, input: ProductUpdate): Promise<ProductWriteResponse> {
  return api.put<ProductWriteResponse>(`/api/products/${encodeURIComponent(id)}`, input, { auth: true });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductUpdate) => updateProduct(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]),
  });
}
