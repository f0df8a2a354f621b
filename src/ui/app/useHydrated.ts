import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from './hydration';

/**
 * False while React draws the first frame over the page's prerendered HTML (and when rendering
 * it at build time, where there is no document), true from the render after. What depends on the
 * browser (storage, the clock, the address's query) is drawn only once this is true, so hydration
 * finds exactly the HTML it was given. A screen mounted later, after a move within the app, sees
 * true at once.
 *
 * Not an external store whose server snapshot differs from the browser's: React redraws such a
 * component synchronously as the hydrated page's effects run, one long task on a slow phone; this
 * redraw is a transition, done in slices.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !isHydrating());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
