import { MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/rules/catalog';
import { type DragEvent, useId, useState } from 'react';
import { IMAGE_ACCEPT, uploadErrorMessage, useUploadImage } from '#web/api/upload-image.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../sellers.css';

interface ShopImageFieldProps {
  label: string;
  /** The uploaded image's path, or '' for none. */
  value: string;
  onChange: (path: string) => void;
  /** The preview's alternative text. */
  previewAlt: string;
  /** 'logo' previews small and square, 'banner' wide. */
  kind: 'logo' | 'banner';
  /** A validation message of the form (e.g. 'Please choose a logo image.'). */
  error?: string;
}

/** The preview's drawn size (sellers.css): a 6rem square logo, a banner up to 24rem by 6rem. */
const PREVIEW = {
  logo: { sizes: '6rem', width: 96, height: 96 },
  banner: { sizes: '24rem', width: 384, height: 96 },
} as const;

/**
 * A shop image (logo, banner): dropped on the box or chosen with the file input, uploaded at
 * once (POST /api/uploads), previewed, and removable. Too large a file is refused before it is
 * sent, with the spec's 413 text; upload failures show under the box (spec section 8).
 */
export function ShopImageField({ label, value, onChange, previewAlt, kind, error }: ShopImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadImage();
  const [tooBig, setTooBig] = useState(false);
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = error ?? (tooBig ? UPLOAD_TOO_BIG : upload.isError ? uploadErrorMessage(upload.error) : null);

  function send(file: File | undefined) {
    if (!file) return;
    upload.reset();
    const big = file.size > MAX_UPLOAD_BYTES;
    setTooBig(big);
    if (!big) upload.mutate(file, { onSuccess: onChange });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  return (
    <div className="form-field shop-image-field">
      <label htmlFor={id}>{label}</label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse only; keyboards and screen readers use the file input inside it */}
      <div
        className={dragging ? 'shop-image-drop is-dragging' : 'shop-image-drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {value !== '' && (
          <div className={`shop-image-preview shop-image-preview-${kind}`}>
            <ResponsiveImage src={value} alt={previewAlt} {...PREVIEW[kind]} />
          </div>
        )}
        <p id={hintId} className="form-hint">
          {t('Drop an image here or choose a file (JPEG, PNG, WebP, GIF or AVIF, at most 4 MB).')}
        </p>
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(event) => send(event.target.files?.[0])}
          disabled={upload.isPending}
          aria-describedby={message ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        {upload.isPending && <LoadingBox delayMs={0} label={t('Uploading...')} />}
        {value !== '' && (
          <button type="button" className="link-button" onClick={() => onChange('')}>
            {kind === 'logo' ? t('Remove logo') : t('Remove banner')}
          </button>
        )}
      </div>
      {message && (
        <p id={errorId} className="form-error" role="alert">
          {formMessage(t, message)}
        </p>
      )}
    </div>
  );
}
