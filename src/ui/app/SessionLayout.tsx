import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { createActor, type Actor } from 'xstate';
import { sessionMachine } from '../../machines/app/session';
import { LoadingOverlay } from '../kit/LoadingOverlay';
import { OfflineBanner } from './OfflineBanner';
import { reportBusy } from './appUpdateStore';
import { ConnectivityProvider } from './ConnectivityContext';
import { getInspect } from './inspector';
import { isHydrating, startAfterScreen } from './hydration';
import { inNextTask } from '../../../core/nextTask';
import { SessionProvider } from './SessionContext';
import { useToastsWanted } from '../kit/toaster';
import { currentLanguage, speak } from '../kit/language';
import { performEffects } from '../kit/useFlow';

// This module is loaded with the first route that needs a session, never by the landing page,
// so the state machines, the API client and the toaster stay off its first load, which
// must stay within its JavaScript budget (docs/architecture.md, "Targets").

/**
 * The one session of the app, holding the state every screen shares. It is created with no user:
 * the page's first frame comes from its prerendered HTML, drawn with none, and hydrating it must
 * draw the same. Once hydrated the session reads the stored user and starts (its first poll, its
 * watch). Events sent before then wait in its mailbox.
 */
let session: Actor<typeof sessionMachine> | undefined;

/**
 * The session, created on first use rather than as this module runs: on a slow phone the module's
 * machines and the actor's first state are each a long piece of work, so the page's start
 * (routes.tsx) creates it in a task of its own once this module has run.
 */
export function prepareSession(): Actor<typeof sessionMachine> {
  session ??= createActor(sessionMachine, { input: { deferRestore: true }, inspect: getInspect() });
  return session;
}

const Toasts = lazy(() => import('../kit/Toasts'));

/** Every route that reads or changes the session renders inside this layout. */
export default function SessionLayout() {
  const session = prepareSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toastsWanted = useToastsWanted();
  // The session decides on logout by the route the user is on (only a protected page is left), so
  // it follows every move.
  useEffect(() => session.send({ type: 'session.route', pathname }), [pathname, session]);
  useEffect(() => performEffects(session, navigate), [navigate, session]);
  // After the effects above (they subscribe to what the start may emit): effects run once the
  // first frame is hydrated, so this is the first moment storage may be read. On a hydrated page,
  // in tasks of their own once the screen's machines have started: its first poll is requests and a
  // render, and may sign a revoked session out before a screen's first call. The actor's start (its
  // first state, the moves it was told of) and the stored user's read with the first poll are two
  // tasks, each short enough for a slow phone to answer a tap between them (moved to from another
  // page, nothing else is starting: at once).
  useEffect(() => {
    const restore = () => session.send({ type: 'session.restore' });
    const split = isHydrating();
    let cancelRestore: (() => void) | undefined;
    const cancelStart = startAfterScreen(() => {
      session.start();
      if (split) cancelRestore = inNextTask(restore);
      else restore();
    });
    return () => {
      cancelStart();
      cancelRestore?.();
    };
  }, [session]);
  // A purchase in flight holds back a new version of the app (appUpdate machine). The account's
  // language is the app's on every device: signing in, or choosing it on /more, speaks it.
  useEffect(() => {
    const subscription = session.subscribe((snapshot) => {
      reportBusy(snapshot.context.loading);
      const { language } = snapshot.context.user;
      if (language !== null && language !== currentLanguage()) void speak(language).catch(() => undefined);
    });
    return () => subscription.unsubscribe();
  }, [session]);
  return (
    <SessionProvider actor={session}>
      <ConnectivityProvider session={session}>
        <OfflineBanner />
        <Outlet />
        <LoadingOverlay />
        {toastsWanted && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </ConnectivityProvider>
    </SessionProvider>
  );
}
