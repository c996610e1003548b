import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@torget/shared/api-types.generated';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/session.tsx';

/** The Create Shop form's payload of PUT /api/users/profile (spec section 7, seller application). */
export interface SellerApplication {
  userId: string;
  seller_name: string;
  seller_description: string;
  wants_to_be_seller: true;
  seller_plan: '1' | '2';
  seller_address: string;
  seller_post_number: string;
  seller_city: string;
  seller_phone: string;
  seller_organisation_number: string;
  /** Who sells (docs/decisions/260-seller-identity.md). */
  seller_type: string;
  seller_legal_name: string;
  /** A private person's; '' for a business. */
  seller_personal_number: string;
  seller_self_certified: boolean;
}

/** PUT /api/users/profile (bearer) with the application: the updated user with a fresh token. */
export function applyToSell(application: SellerApplication): Promise<SignedInUser> {
  return api.put<SignedInUser>('/api/users/profile', application, { auth: true });
}

/** Sends the application; the answer becomes the stored userInfo and the cached details. */
export function useApplyToSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToSell,
    onSuccess: (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
    },
  });
}
