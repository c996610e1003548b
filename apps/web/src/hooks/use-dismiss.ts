import { type RefObject, useEffect, useRef } from 'react';

interface DismissOptions {
  /** Clicks inside elements matching this selector do not count as outside (e.g. the toggles). */
  ignoreSelector?: string;
}

/**
 * While `active`, calls `onDismiss('escape')` on the Escape key and `onDismiss('outside')` on a
 * pointer press or a focus move outside `ref` — the closing behaviour of dropdowns and panels.
 */
export function useDismiss(
  active: boolean,
  ref: RefObject<HTMLElement | null>,
  onDismiss: (reason: 'escape' | 'outside') => void,
  options: DismissOptions = {},
): void {
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });
  const { ignoreSelector } = options;

  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onDismissRef.current('escape');
    }
    function onOutside(event: Event) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (ref.current?.contains(target)) return;
      if (ignoreSelector && target instanceof Element && target.closest(ignoreSelector)) return;
      onDismissRef.current('outside');
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [active, ref, ignoreSelector]);
}
