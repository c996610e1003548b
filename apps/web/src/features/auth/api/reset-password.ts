import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

export interface ResetPasswordInput {
  email: string;
  new_password: string;
  reset_password_token: string;
}

/** POST /api/users/reset_password: sets the new password with the mailed token (single use). */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/users/reset_password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
