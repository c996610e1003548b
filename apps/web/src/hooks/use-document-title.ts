import { useEffect } from 'react';

/** Sets the tab title to '{title} | Torget', or 'Torget' without a title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Torget` : 'Torget';
  }, [title]);
}
