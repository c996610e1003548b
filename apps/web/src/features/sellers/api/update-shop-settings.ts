import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@torget/shared/api-types.generated';
import type { ProfileUpdate } from '@torget/shared/schemas/accounts';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/session.tsx';

/**
 * The shop settings form's payload of PUT /api/users/profile: the seller_* fields of spec section 7,
 * as the shared profile schema hands them on after checking the form.
 */
export type ShopSettings = Omit<ProfileUpdate, 'wants_to_be_seller' | 'seller_plan'> & { userId: string };

/** PUT /api/users/profile (bearer) with the shop settings: the updated user with a fresh token. */
export function updateShopSettings(settings: ShopSettings): Promise<SignedInUser> {
  return api.put<SignedInUser>('/api/users/profile', settings, { auth: true });
}

/**
 * Saves the shop settings; the answer becomes the stored userInfo and the cached details, and
 * cached seller answers (storefront, top sellers) reload with the new look.
 */
export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: async (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
      await queryClient.invalidateQueries({ queryKey: ['sellers'] });
    },
  });
}
