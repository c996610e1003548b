import { useEffect, useState } from 'react';

/** False for the first `delayMs` after mounting, then true. */
export function useDelayedFlag(delayMs: number): boolean {
  const [passed, setPassed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setPassed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return passed;
}
