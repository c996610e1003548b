import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@torget/shared/api-types.generated';
import type { ProfileUpdate } from '@torget/shared/schemas/accounts';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/session.tsx';

/** The profile screen's payload (spec section 7); the server takes the user from the token. */
export type ProfilePayload = ProfileUpdate & { userId: string };

/** PUT /api/users/profile (bearer): the updated user with a fresh token. */
export function updateProfile(payload: ProfilePayload): Promise<SignedInUser> {
  return api.put<SignedInUser>('/api/users/profile', payload, { auth: true });
}

/** Updates the profile, then the stored userInfo and the cached details (spec section 4). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
    },
  });
}
