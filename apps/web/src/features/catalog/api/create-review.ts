import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export interface ReviewInput {
  rating: number;
  comment: string;
  /** The reviewer's name; the server takes it from the account. */
  name: string;
}

export interface CreateReviewResponse {
  message: string;
  review: Review;
}

/** POST /api/products/{id}/reviews (bearer). A second review of the same product is a 409. */
export function createReview(productId: string, input: ReviewInput): Promise<CreateReviewResponse> {
  return api.post<CreateReviewResponse>(`/api/products/${encodeURIComponent(productId)}/reviews`, input, {
    auth: true,
  });
}

/** Writes a review; on success the product (its reviews and rating), lists and seller ratings reload. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(productId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['sellers'] }),
      ]),
  });
}
