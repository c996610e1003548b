import { MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/catalog';
import { type ChangeEvent, useId, useState } from 'react';
import { LoadingBox } from '../../../components/loading-box';
import { MessageBox } from '../../../components/message-box';
import { uploadErrorMessage, useUploadImage } from '../api/upload-image';

interface ShopImageFieldProps {
  label: string;
  /** The uploaded image's path, or '' for none. */
  value: string;
  onChange: (path: string) => void;
  /** The preview's alternative text. */
  previewAlt: string;
  /** 'logo' previews small and square, 'banner' wide. */
  kind: 'logo' | 'banner';
}

/**
 * A shop image (logo, banner): a file input that uploads the picture at once and keeps its path,
 * with a preview and a way to remove it. Upload failures show under the input (spec section 8).
 */
export function ShopImageField({ label, value, onChange, previewAlt, kind }: ShopImageFieldProps) {
  const id = useId();
  const upload = useUploadImage();
  const [tooBig, setTooBig] = useState(false);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.reset();
    // Refused here already, so a large photo is never sent.
    const big = file.size > MAX_UPLOAD_BYTES;
    setTooBig(big);
    if (big) return;
    upload.mutate(file, { onSuccess: (path) => onChange(path) });
  }

  const error = tooBig ? UPLOAD_TOO_BIG : upload.isError ? uploadErrorMessage(upload.error) : null;
  const errorId = `${id}-error`;
  return (
    <div className="form-field shop-image-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={onFile}
        disabled={upload.isPending}
        aria-describedby={error ? errorId : undefined}
      />
      {upload.isPending && <LoadingBox delayMs={0} label="Uploading..." />}
      {error && (
        <div id={errorId} className="field-error">
          <MessageBox variant="danger">{error}</MessageBox>
        </div>
      )}
      {value !== '' && (
        <div className={`shop-image-preview shop-image-preview-${kind}`}>
          <img src={value} alt={previewAlt} />
          <button type="button" className="link-button" onClick={() => onChange('')}>
            {`Remove ${kind}`}
          </button>
        </div>
      )}
    </div>
  );
}
