import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { preloadRoute } from '#web/lib/route-preload.ts';

/**
 * The submit of a form that leads to the next screen (the checkout steps, Place Order).
 * `submit(work)` runs `work` (the request; it answers the path to go to), loads that page's
 * chunk, then navigates, so the new page replaces the form as the URL changes. `busy` is true
 * from the click until this page unmounts (or `work` fails), so the button stays disabled and a
 * second click cannot send the request again. `submit` answers whether it navigated.
 */
export function useStepSubmit(): { busy: boolean; submit: (work: () => Promise<string>) => Promise<boolean> } {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A ref as well as the state: two clicks before React re-renders both see `busy` still false.
  const running = useRef(false);
  const submit = useCallback(
    async (work: () => Promise<string>) => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      let next: string;
      try {
        next = await work();
      } catch {
        // The request's own state (a mutation's error) shows what went wrong; the form is open again.
        running.current = false;
        setBusy(false);
        return false;
      }
      await preloadRoute(next);
      navigate(next);
      return true;
    },
    [navigate],
  );
  return { busy, submit };
}
