import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollManager } from './ScrollManager';

/** What every route shares: the scroll behaviour of SPEC.md §2, and recovery from a screen that fails. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollManager />
      {/* Not keyed by path: remounting would drop the session layout's toasts on every move. */}
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}
