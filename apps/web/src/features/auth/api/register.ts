import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@torget/shared/api-types.generated';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/session.tsx';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/users/register: the new user with a token. */
export function register(input: RegisterInput): Promise<SignedInUser> {
  return api.post<SignedInUser>('/api/users/register', input);
}

/** Registers; registration also signs the user in (spec section 4). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
    },
  });
}
