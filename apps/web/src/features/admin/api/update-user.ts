import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo, toSessionUser } from '#web/lib/session.tsx';
import { isRecord, readJson, STORAGE_KEYS } from '#web/lib/storage.ts';
import { usersListQueryKey } from './get-users';

/** The admin's user edit (spec section 7). */
export interface UserUpdatePayload {
  _id: string;
  is_seller: boolean;
  is_admin: boolean;
  seller_domain: string;
  /** Sent only when the admin changes the shop's plan. */
  seller_plan?: '1' | '2' | '3';
}

/** PUT /api/users/{id} (bearer, admin): the updated user. */
export function updateUser(payload: UserUpdatePayload): Promise<UserDetails> {
  return api.put<UserDetails>(`/api/users/${encodeURIComponent(payload._id)}`, payload, { auth: true });
}

/** An admin who edits their own roles: the stored session follows, keeping its token. */
function refreshOwnSession(user: UserDetails): void {
  const stored = readJson(STORAGE_KEYS.userInfo);
  if (isRecord(stored) && toSessionUser(stored)?._id === user._id) saveUserInfo({ ...stored, ...user });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
      refreshOwnSession(user);
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
