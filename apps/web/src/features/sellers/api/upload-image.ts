import { useMutation } from '@tanstack/react-query';
import { UPLOAD_TOO_BIG } from '@torget/shared/catalog';
import { ApiRequestError, api } from '../../../lib/api-client';

/** POST /api/uploads (bearer), multipart field `image`: the stored image's path, e.g. '/uploads/ab12.png'. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const path = await api.post<unknown>('/api/uploads', body, { auth: true });
  if (typeof path !== 'string' || path === '') throw new Error('The upload did not answer an image path.');
  return path;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

/** The text shown under the file input (spec section 8): a 413 is 'Too big image. Max size: 4 MB.'. */
export function uploadErrorMessage(error: Error): string {
  return error instanceof ApiRequestError && error.status === 413 ? UPLOAD_TOO_BIG : error.message;
}
