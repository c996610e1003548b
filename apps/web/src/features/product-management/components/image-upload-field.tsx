import { MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/catalog';
import { type ChangeEvent, useId, useState } from 'react';
import { LoadingBox } from '../../../components/loading-box';
import { MessageBox } from '../../../components/message-box';
import { uploadErrorMessage, useUploadImage } from '../api/upload-image';

interface ImageUploadFieldProps {
  /** The image path: typed, or set by an upload. */
  value: string;
  onChange: (path: string) => void;
}

/**
 * The product image: its path as text, and a file input that uploads a picture and fills the path
 * in. Upload failures show under the file input (spec section 8), 413 as 'Too big image. Max size: 4 MB.'.
 */
export function ImageUploadField({ value, onChange }: ImageUploadFieldProps) {
  const id = useId();
  const upload = useUploadImage();
  const [tooBig, setTooBig] = useState(false);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.reset();
    // Checked here too, so a large photo is refused before it is sent.
    const big = file.size > MAX_UPLOAD_BYTES;
    setTooBig(big);
    if (big) return;
    upload.mutate(file, { onSuccess: (path) => onChange(path) });
  }

  const error = tooBig ? UPLOAD_TOO_BIG : upload.isError ? uploadErrorMessage(upload.error) : null;
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-path`}>Image</label>
        <input id={`${id}-path`} type="text" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>Image File</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={onFile}
          disabled={upload.isPending}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {upload.isPending && <LoadingBox delayMs={0} label="Uploading..." />}
        {error && (
          <div id={`${id}-error`}>
            <MessageBox variant="danger">{error}</MessageBox>
          </div>
        )}
        {value !== '' && !upload.isPending && (
          <img className="image-preview" src={value} alt="Product preview" width={120} height={120} />
        )}
      </div>
    </>
  );
}
