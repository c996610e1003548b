/** POST /api/uploads: shared by product editing and shop settings. */
import { useMutation } from '@tanstack/react-query';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/rules/catalog';
import { type ChangeEvent, useState } from 'react';
import { ApiRequestError, api } from '#web/lib/api-client.ts';

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

/** The accepted types, for the file input's `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A file input's upload: checks the size before sending (a large photo is refused at once with
 * the 413 text), uploads, hands the stored path to `onUploaded`, and says what went wrong.
 */
export function useImageFileUpload(onUploaded: (path: string) => void) {
  const upload = useUploadImage();
  const [tooBig, setTooBig] = useState(false);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.reset();
    const big = file.size > MAX_UPLOAD_BYTES;
    setTooBig(big);
    if (!big) upload.mutate(file, { onSuccess: onUploaded });
  }

  const error = tooBig ? UPLOAD_TOO_BIG : upload.isError ? uploadErrorMessage(upload.error) : null;
  return { onFile, error, isPending: upload.isPending };
}
