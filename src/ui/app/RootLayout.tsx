import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollManager } from './ScrollManager';

/** What every route shares: the scroll behaviour of SPEC.md §2, and recovery from a screen that fails. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollManager />
      {/* Keyed by path: moving to another page gives it a fresh chance to render. */}
      <ErrorBoundary key={pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}
