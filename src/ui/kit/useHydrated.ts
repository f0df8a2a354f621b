import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React draws the first frame over the page's prerendered HTML (and when rendering
 * it at build time), true from the render after. What depends on the browser (storage, the
 * clock, the address's query) is drawn only once this is true, so hydration finds exactly the
 * HTML it was given. A screen mounted later, after a move within the app, sees true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
