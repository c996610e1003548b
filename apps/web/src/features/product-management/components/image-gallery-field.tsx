import { MAX_PRODUCT_IMAGES, MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/rules/catalog';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, uploadErrorMessage, uploadImage } from '#web/api/upload-image.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { moveItem } from '../utils/move-item';
import './image-gallery-field.css';

interface ImageGalleryFieldProps {
  /** The stored image paths in order; the first is the product's main image. */
  value: string[];
  onChange: (paths: string[]) => void;
  /** The form's message for the images (the schema's), shown under the field. */
  error?: string;
}

/** A file being uploaded, shown as a dimmed preview from the seller's own disk. */
interface PendingUpload {
  key: number;
  previewUrl: string;
  name: string;
}

/** The data type a dragged thumbnail carries: its index, so a drop can tell it from files. */
const THUMBNAIL_DRAG_TYPE = 'application/x-torget-image-index';

/**
 * The product's images: up to 8, uploaded by choosing files or dropping them on the
 * field, each shown as a preview; reordered with the Move buttons (keyboard, screen readers) or
 * by dragging a thumbnail onto another; the first is marked as the main image. Upload failures
 * show under the field in the spec's words ('Too big image. Max size: 4 MB.' for a large file).
 */
export function ImageGalleryField({ value, onChange, error }: ImageGalleryFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(0);
  // The latest paths, for uploads that finish after the seller reordered or removed images.
  const latest = useRef(value);
  latest.current = value;
  const room = MAX_PRODUCT_IMAGES - value.length - pending.length;

  // Object URLs of previews are released when their upload ends; the rest when leaving.
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      for (const upload of pendingRef.current) URL.revokeObjectURL(upload.previewUrl);
    },
    [],
  );

  /**
   * Uploads the files one after another (each preview shows at once), within the room left;
   * a file over 4 MB is refused before sending. The server says which files are no images it
   * takes (spec section 8: its message shows under the field).
   */
  async function uploadFiles(files: File[]) {
    setUploadError(null);
    const accepted = files.slice(0, Math.max(0, room));
    if (accepted.length < files.length)
      setUploadError(t('A product has at most {{count}} images.', { count: MAX_PRODUCT_IMAGES }));
    if (accepted.some((file) => file.size > MAX_UPLOAD_BYTES)) setUploadError(UPLOAD_TOO_BIG);
    const uploads = accepted
      .filter((file) => file.size <= MAX_UPLOAD_BYTES)
      .map((file) => ({ file, key: nextKey.current++, previewUrl: URL.createObjectURL(file), name: file.name }));
    setPending((current) => [...current, ...uploads]);
    for (const upload of uploads) {
      try {
        const path = await uploadImage(upload.file);
        onChange([...latest.current, path]);
        setAnnouncement(t('{{name}} uploaded.', { name: upload.name }));
      } catch (failure) {
        setUploadError(uploadErrorMessage(failure instanceof Error ? failure : new Error(String(failure))));
      } finally {
        URL.revokeObjectURL(upload.previewUrl);
        setPending((current) => current.filter((p) => p.key !== upload.key));
      }
    }
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= value.length) return;
    onChange(moveItem(value, from, to));
    setAnnouncement(
      to === 0
        ? t('Image {{from}} moved to place {{to}}, now the main image.', { from: from + 1, to: to + 1 })
        : t('Image {{from}} moved to place {{to}}.', { from: from + 1, to: to + 1 }),
    );
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(t('Image {{number}} removed.', { number: index + 1 }));
  }

  function onDrop(event: DragEvent<HTMLElement>, target?: number) {
    event.preventDefault();
    event.stopPropagation();
    setDropActive(false);
    const dragged = event.dataTransfer.getData(THUMBNAIL_DRAG_TYPE);
    if (dragged !== '') {
      move(Number(dragged), target ?? value.length - 1);
      return;
    }
    void uploadFiles([...event.dataTransfer.files]);
  }

  const message = uploadError ?? error;
  return (
    <fieldset className="image-gallery-field" aria-describedby={hintId}>
      <legend id={labelId} className="form-label">
        {t('Images')}
      </legend>
      <p id={hintId} className="form-hint">
        {t('Up to {{count}} images, at most 4 MB each. The first is the main image shoppers see first.', {
          count: MAX_PRODUCT_IMAGES,
        })}
      </p>
      {(value.length > 0 || pending.length > 0) && (
        <ol className="image-gallery-list">
          {value.map((path, index) => (
            <li
              key={path}
              className="image-gallery-item"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(THUMBNAIL_DRAG_TYPE, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
            >
              <img
                className="image-gallery-thumb"
                src={path}
                alt={
                  index === 0
                    ? t('View {{number}} of {{total}} (main)', { number: index + 1, total: value.length })
                    : t('View {{number}} of {{total}}', { number: index + 1, total: value.length })
                }
                width={112}
                height={112}
              />
              {index === 0 && <span className="image-gallery-main">{t('Main image')}</span>}
              <div className="image-gallery-actions">
                <button
                  type="button"
                  className="image-gallery-button"
                  aria-label={t('Move image {{number}} left', { number: index + 1 })}
                  title={t('Move left')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="image-gallery-button"
                  aria-label={t('Move image {{number}} right', { number: index + 1 })}
                  title={t('Move right')}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="image-gallery-button image-gallery-remove"
                  aria-label={t('Remove image {{number}}', { number: index + 1 })}
                  title={t('Remove')}
                  onClick={() => remove(index)}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
          {pending.map((upload) => (
            <li key={`pending-${upload.key}`} className="image-gallery-item is-uploading" aria-busy="true">
              <img className="image-gallery-thumb" src={upload.previewUrl} alt="" width={112} height={112} />
              <span className="image-gallery-main">{t('Uploading...')}</span>
            </li>
          ))}
        </ol>
      )}
      {room > 0 && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard's way
        <div
          className={dropActive ? 'image-drop-zone is-active' : 'image-drop-zone'}
          onDragOver={(event) => {
            event.preventDefault();
            setDropActive(true);
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={(event) => onDrop(event)}
        >
          <span aria-hidden="true" className="image-drop-icon">
            ⬆
          </span>
          <span>{t('Drag images here, or')}</span>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void uploadFiles(files);
            }}
          />
          {/* After the input, so its keyboard focus shows on this button-like label (CSS). */}
          <label htmlFor={`${id}-file`} className="button button-small button-secondary">
            {t('Choose image files')}
          </label>
        </div>
      )}
      {message && (
        <p id={errorId} className="form-error" role="alert">
          {formMessage(t, message)}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
