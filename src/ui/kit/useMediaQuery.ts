import { useCallback, useSyncExternalStore } from 'react';

/** The one breakpoint of the app; global.css uses the same width for its desktop layout. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/** Whether a CSS media query matches, kept current as the viewport changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  // The server snapshot is mobile: the design is mobile first (most customers are on phones).
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Desktop shows Profile where mobile shows More (the footer tabs, the account menu). */
export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);
