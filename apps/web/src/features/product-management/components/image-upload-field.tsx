import { useId } from 'react';
import { IMAGE_ACCEPT, useImageFileUpload } from '#web/api/upload-image.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';

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
  const upload = useImageFileUpload(onChange);
  const { onFile, error } = upload;
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
          accept={IMAGE_ACCEPT}
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
