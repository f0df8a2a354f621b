import { lazy, Suspense } from 'react';
import { useAppUpdate } from './appUpdateStore';

const UpdatePrompt = lazy(() => import('./UpdatePrompt'));

/** Where "Update available — reload" appears, on every route; its code loads with the service worker's. */
export function UpdateNotice() {
  const actor = useAppUpdate();
  return actor ? (
    <Suspense fallback={null}>
      <UpdatePrompt actor={actor} />
    </Suspense>
  ) : null;
}
