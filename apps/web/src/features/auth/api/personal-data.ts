import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

/** The file the browser saves; the server names it too (Content-Disposition). */
export const exportFileName = (now: Date = new Date()) =>
  `torget-mina-uppgifter-${now.toISOString().slice(0, 10)}.json`;

/** GET /api/users/me/export (bearer): saves everything stored about the signed-in user as JSON. */
export function downloadMyData(): Promise<void> {
  return downloadFile('/api/users/me/export', exportFileName(), 'application/json');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE /api/users/me (bearer) `{ password }`: erases the signed-in user's account. */
export function deleteMyAccount(password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/users/me', { method: 'DELETE', body: { password }, auth: true });
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
