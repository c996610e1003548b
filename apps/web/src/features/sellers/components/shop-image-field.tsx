import { useId } from 'react';
import { IMAGE_ACCEPT, useImageFileUpload } from '#web/api/upload-image.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
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
}

/** The preview's drawn size (sellers.css): a 6rem square logo, a banner up to 24rem by 6rem. */
const PREVIEW = {
  logo: { sizes: '6rem', width: 96, height: 96 },
  banner: { sizes: '24rem', width: 384, height: 96 },
} as const;

/**
 * A shop image (logo, banner): a file input that uploads the picture at once and keeps its path,
 * with a preview and a way to remove it. Upload failures show under the input (spec section 8).
 */
export function ShopImageField({ label, value, onChange, previewAlt, kind }: ShopImageFieldProps) {
  const id = useId();
  const upload = useImageFileUpload(onChange);
  const { onFile, error } = upload;
  const errorId = `${id}-error`;
  return (
    <div className="form-field shop-image-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
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
          <ResponsiveImage src={value} alt={previewAlt} {...PREVIEW[kind]} />
          <button type="button" className="link-button" onClick={() => onChange('')}>
            {`Remove ${kind}`}
          </button>
        </div>
      )}
    </div>
  );
}
