import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/products/{id} (bearer): the product's owner or an admin. */
export function deleteProduct(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/products/${encodeURIComponent(id)}`, { auth: true });
}

/** Deletes a product; the product lists (and the categories, which may lose one) reload. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]),
  });
}
