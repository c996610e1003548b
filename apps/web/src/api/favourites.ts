/**
 * /api/users/me/favourites (bearer): the signed-in user's saved products, read once and shared
 * by every heart on the page (cards, product page, the favourites list), and saving or removing
 * one, which updates that one read at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteStateResponse, FavouritesResponse } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

export const FAVOURITES_QUERY_KEY = ['users', 'me', 'favourites'] as const;

export function useFavourites(signedIn: boolean) {
  return useQuery({
    queryKey: FAVOURITES_QUERY_KEY,
    queryFn: ({ signal }) => api.get<FavouritesResponse>('/api/users/me/favourites', { auth: true, signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, save }: { productId: string; save: boolean }) => {
      const path = `/api/users/me/favourites/${encodeURIComponent(productId)}`;
      return save
        ? api.put<FavouriteStateResponse>(path, undefined, { auth: true })
        : api.delete<FavouriteStateResponse>(path, { auth: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES_QUERY_KEY }),
  });
}
