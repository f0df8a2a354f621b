import { useEffect } from 'react';

/** Names the browser tab after the screen, so history, tabs and screen readers tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Naira Wallet`;
  }, [title]);
}
