import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryKey } from '#web/api/user-details.ts';
import { api } from '#web/lib/api-client.ts';
import { usersListQueryKey } from './get-users';

/** DELETE /api/users/{id} (bearer, admin). */
export function deleteUser(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/users/${encodeURIComponent(id)}`, { auth: true });
}

/** Deletes a user, then reloads the user list. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: userDetailsQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
