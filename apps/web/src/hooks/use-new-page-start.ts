import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A new page (a change of `pathname`) starts at the top, and when the previous page took the
 * keyboard focus with it (the Continue button of a checkout step is gone once the next step
 * shows), the focus moves to `main`: the next Tab then lands in the new page's content instead
 * of wherever the browser's lost focus would resume. A focus that is still on the page (a
 * header link, the search box) stays where it is. The first page of a visit is left alone. A
 * layout effect, so no Tab pressed between the new page's commit and its paint finds the focus
 * on the body.
 */
export function useNewPageStart(pathname: string, main: RefObject<HTMLElement | null>): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    const focused = document.activeElement;
    if (focused === null || focused === document.body) main.current?.focus({ preventScroll: true });
  }, [pathname]);
}
