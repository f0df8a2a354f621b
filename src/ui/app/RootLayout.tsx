import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollManager } from './ScrollManager';
import { UpdateNotice } from './UpdateNotice';

/**
 * What every route shares: the scroll behaviour (ScrollManager), recovery from a screen that fails,
 * and the new-version notice.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollManager />
      {/* Not keyed by path: remounting would drop the session layout's toasts on every move. */}
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
      <UpdateNotice />
    </>
  );
}
