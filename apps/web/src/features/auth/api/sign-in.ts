import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@torget/shared/api-types.generated';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/session.tsx';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/users/signin: the user with a token. */
export function signIn(input: SignInInput): Promise<SignedInUser> {
  return api.post<SignedInUser>('/api/users/signin', input);
}

/** Signs in: stores the answer as userInfo (spec section 4) and keeps it as the user's details. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userDetailsQueryKey(user._id), user);
    },
  });
}
