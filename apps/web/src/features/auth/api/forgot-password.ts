import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** POST /api/users/forgot_password: mails a reset link (the answer never tells whether the e-mail exists). */
export function forgotPassword(input: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/users/forgot_password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
