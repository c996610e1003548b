import { useCallback, useEffect, useState } from 'react';
import './snackbar.css';

/** Spec section 9: success snackbars show for 3000 ms, then clear. */
export const SNACKBAR_MS = 3000;

/**
 * A short notice at the bottom of the screen. The live region is always in the page, so screen
 * readers announce each message as it appears.
 */
export function Snackbar({ message }: { message: string | null }) {
  return (
    <div className="snackbar-region" role="status">
      {message && <div className="snackbar">{message}</div>}
    </div>
  );
}

/** The snackbar's message and a function that shows one for `durationMs` (again from the start on each call). */
export function useSnackbar(durationMs: number = SNACKBAR_MS): [string | null, (message: string) => void] {
  const [shown, setShown] = useState<{ message: string } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [shown, durationMs]);
  // A new object each time, so showing the same message again restarts the timer.
  const show = useCallback((message: string) => setShown({ message }), []);
  return [shown?.message ?? null, show];
}
