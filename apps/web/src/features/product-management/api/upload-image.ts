import { useMutation } from '@tanstack/react-query';
import { UPLOAD_TOO_BIG } from '@torget/shared/catalog';
import { ApiRequestError, api } from '../../../lib/api-client';

/** POST /api/uploads (bearer): multipart field `image`; answers the stored image's path. */
export function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return api.post<string>('/api/uploads', body, { auth: true });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

/** The text shown under the file input: spec section 8 names the one for a 413. */
export function uploadErrorMessage(error: Error): string {
  return error instanceof ApiRequestError && error.status === 413 ? UPLOAD_TOO_BIG : error.message;
}
