import { useDelayedFlag } from '#web/hooks/use-delayed-flag.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './loading-box.css';

/** Spec section 9: the loading indicator appears only after 500 ms, so fast answers never flash it. */
export const LOADING_DELAY_MS = 500;

interface LoadingBoxProps {
  /** Override of the 500 ms delay (0 shows at once). */
  delayMs?: number;
  label?: string;
}

export function LoadingBox({ delayMs = LOADING_DELAY_MS, label }: LoadingBoxProps) {
  const { t } = useTranslation();
  const visible = useDelayedFlag(delayMs);
  if (!visible) return null;
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('Loading...')}
    </div>
  );
}
