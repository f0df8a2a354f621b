import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { createActor } from 'xstate';
import { isDrawnFromPoll } from '../../domain/routes';
import { sessionMachine } from '../../machines/session';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { getInspect, loadInspector } from './inspector';
import { SessionProvider } from './SessionContext';
import { useToastsWanted } from './toaster';
import { performEffects } from './useFlow';

// This module is loaded with the first route that needs a session, never by the landing page,
// so the state machines, the API client and the toaster stay off its first load (DESIGN.md §5).

// Before any actor exists, so the inspector sees the session from its first event.
await loadInspector(location.search);

/**
 * The one session of the app (SPEC.md §3 shared state); it reads the persisted user itself, so
 * its state is there to draw from at once. It starts (its first poll, its watch) once the first
 * page is drawn: the answers would otherwise compete with that first paint (issue 13) — but at
 * once on a page drawn from the poll's answer. Events sent before then wait in its mailbox.
 */
const session = createActor(sessionMachine, { input: { pathname: location.pathname }, inspect: getInspect() });
if (isDrawnFromPoll(location.pathname)) session.start();

const Toasts = lazy(() => import('./Toasts'));

/** Runs `then` once the browser has painted the next frame; answers how to call it off. */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(then, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Every route that reads or changes the session renders inside this layout. */
export default function SessionLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toastsWanted = useToastsWanted();
  // The session decides on logout by the route the user is on (SPEC.md §6), so it follows every move.
  useEffect(() => session.send({ type: 'session.route', pathname }), [pathname]);
  useEffect(() => performEffects(session, navigate), [navigate]);
  // After the effects above (they subscribe to what the start may emit), and after the next
  // frame is painted: effects can run before the first paint, and the poll's requests would
  // then count in that paint's cost.
  useEffect(() => afterNextPaint(() => session.start()), []);
  return (
    <SessionProvider actor={session}>
      <Outlet />
      <LoadingOverlay />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </SessionProvider>
  );
}
