import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '@torget/shared/api-types.generated';
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

/**
 * The save that hides a product or shows it again, from the product as the list has it: its own
 * fields unchanged, `hidden`, and its `version`, so a product changed since the list was read is
 * refused (409) rather than overwritten.
 */
export function visibilityUpdate(product: ProductSummary, hidden: boolean): ProductUpdate {
  return {
    name: product.name,
    price: product.price,
    image: product.image,
    images: product.images,
    category: product.category,
    brand: product.brand,
    countInStock: product.countInStock,
    description: product.description,
    shipping_price: product.shipping_price,
    shipping_info: product.shipping_info,
    vatRate: product.vatRate as ProductUpdate['vatRate'],
    version: product.version,
    hidden,
  };
}

/** Hides a product (off sale, kept for its seller) or shows it again, from the product list. */
export function useSetProductHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, hidden }: { product: ProductSummary; hidden: boolean }) =>
      updateProduct(product._id, visibilityUpdate(product, hidden)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]),
  });
}
