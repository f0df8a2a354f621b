import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { matchRoutes, useOutlet, type RouteMatch, type RouteObject } from 'react-router-dom';
import { SERVICES } from '../../../core/services';
import { PageLoading } from '../kit/PageLoading';
import { RootLayout } from './RootLayout';
import { nextTask } from '../../../core/nextTask';
import { appRuns, hydrationEnds } from './hydration';

type Load<P = object> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Every lazily loaded screen of the route table, by its path from here (all but the service
 * screen, below; the landing's page names its chunk, so it loads with the entry). A glob rather
 * than one import() per route, so that a route can name its module as data: scripts/routePages.ts
 * reads the names to give each route's page the preload links of its code, so a first visit asks
 * for all of it at once.
 */
const LAZY_MODULES = import.meta.glob<{ default: ComponentType }>([
  '../*/*Screen.tsx',
  '!../console/*',
  '!../purchases/ServiceScreen.tsx',
]);

/** The session's frames (sessionFrames.ts), and the signed-in app's (appFrames.ts): a module each. */
const SESSION_FRAMES = './sessionFrames.ts';
const APP_FRAMES = './appFrames.ts';
const sessionFrame =
  (name: 'SessionLayout' | 'RedirectIfSignedIn'): Load =>
  async () => {
    const frames = await import('./sessionFrames');
    // The module's machines were defined as it ran; the session's first state waits for a task of its own.
    if (name === 'SessionLayout') {
      await nextTask();
      frames.prepareSession();
    }
    return { default: frames[name] };
  };
const appFrame =
  (name: 'RequireUser' | 'AppShell'): Load =>
  async () => ({ default: (await import('./appFrames'))[name] });

/**
 * What a route keeps in its `handle`: the module its element loads (by its path from here), and how
 * to fetch it ahead.
 */
export interface RouteHandle {
  module: string;
  preload: () => Promise<void>;
}

function load(module: string): Load {
  const loader = LAZY_MODULES[module];
  if (!loader) throw new Error(`no lazy screen ${module}`);
  return loader;
}

/**
 * A module's component, downloaded when first drawn or ahead by `preload()`. Once its code is
 * here it is drawn at once: React.lazy would still suspend on its first render and show the
 * fallback for a frame, and React holds the revealed content back up to 300 ms after a fallback
 * (which would delay the signed-in screens' largest contentful paint).
 */
function deferred<P extends object>(loader: Load<P>): { Component: ComponentType<P>; preload: () => Promise<void> } {
  let ready: ComponentType<P> | undefined;
  const preload = async () => {
    ready ??= (await loader()).default;
  };
  const Lazy = lazy(loader);
  function Deferred(props: P) {
    // The screen, the level with nothing below it, hydrates last: the page then runs (as its HTML
    // becomes React's, after its machines have started in their own layout effects).
    const screen = useOutlet() === null;
    useLayoutEffect(() => {
      if (screen) hydrationEnds();
    }, [screen]);
    useEffect(() => {
      if (screen) appRuns();
    }, [screen]);
    const Ready = ready;
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: Deferred, preload };
}

/**
 * A screen whose code is downloaded when its route is first visited, so the landing page carries
 * none of it and stays within its budget. Each gets its own Suspense boundary: a newly mounted
 * boundary shows the loading state at once instead of freezing the previous page.
 */
function lazyScreen(module: string, loader: Load = load(module)): Pick<RouteObject, 'element' | 'handle'> {
  const { Component: Screen, preload } = deferred(loader);
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    ),
    handle: { module, preload } satisfies RouteHandle,
  };
}

const SERVICE_SCREEN = '../purchases/ServiceScreen.tsx';
const { Component: ServiceScreen, preload: preloadServiceScreen } = deferred(
  () => import('../purchases/ServiceScreen'),
);

/**
 * One route per service of the table, all showing the one ServiceScreen. Its boundary is keyed
 * by the service: going from one service to another starts a fresh screen and purchase flow
 * instead of handing the previous one a new service.
 */
const serviceRoutes: RouteObject[] = SERVICES.map((service) => ({
  path: service.route,
  element: (
    <Suspense key={service.key} fallback={<PageLoading />}>
      <ServiceScreen service={service} />
    </Suspense>
  ),
  handle: { module: SERVICE_SCREEN, preload: preloadServiceScreen } satisfies RouteHandle,
}));

/**
 * The route table (docs/product.md, "Screens and routes"). The landing, terms and policy pages need
 * no session; every other route runs inside the lazily loaded SessionLayout, and all but the public
 * ones behind a signed-in user.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, ...lazyScreen('../site/LandingScreen.tsx') },
      { path: 'terms', ...lazyScreen('../site/TermsScreen.tsx') },
      { path: 'policy', ...lazyScreen('../site/PolicyScreen.tsx') },
      {
        ...lazyScreen(SESSION_FRAMES, sessionFrame('SessionLayout')),
        children: [
          { path: 'register', ...lazyScreen('../account/RegisterScreen.tsx') },
          {
            ...lazyScreen(SESSION_FRAMES, sessionFrame('RedirectIfSignedIn')),
            children: [{ path: 'login', ...lazyScreen('../account/LoginScreen.tsx') }],
          },
          { path: 'forgot', ...lazyScreen('../account/ForgotScreen.tsx') },
          { path: 'reset', ...lazyScreen('../account/ResetScreen.tsx') },
          { path: 'verify-email', ...lazyScreen('../account/VerifyEmailScreen.tsx') },
          { path: 'set-pin', ...lazyScreen('../account/SetPinScreen.tsx') },
          { path: 'not-me', ...lazyScreen('../account/NotMeScreen.tsx') },
          { path: 'iamhuman', ...lazyScreen('../account/IAmHumanScreen.tsx') },
          {
            ...lazyScreen(APP_FRAMES, appFrame('RequireUser')),
            children: [
              {
                ...lazyScreen(APP_FRAMES, appFrame('AppShell')),
                children: [
                  { path: 'dashboard', ...lazyScreen('../wallet/DashboardScreen.tsx') },
                  { path: 'activities', ...lazyScreen('../records/ActivitiesScreen.tsx') },
                  { path: 'notification', ...lazyScreen('../notifications/NotificationsScreen.tsx') },
                  { path: 'funding', ...lazyScreen('../wallet/FundingScreen.tsx') },
                  { path: 'profile', ...lazyScreen('../account/ProfileScreen.tsx') },
                  { path: 'password', ...lazyScreen('../account/ChangePasswordScreen.tsx') },
                  { path: 'pin', ...lazyScreen('../account/ChangePinScreen.tsx') },
                  { path: 'reset-pin', ...lazyScreen('../account/ResetPinScreen.tsx') },
                  { path: 'support', ...lazyScreen('../site/SupportScreen.tsx') },
                  { path: 'more', ...lazyScreen('../account/MoreScreen.tsx') },
                  { path: 'statements', ...lazyScreen('../records/StatementsScreen.tsx') },
                  { path: 'schedules', ...lazyScreen('../schedules/SchedulesScreen.tsx') },
                  ...serviceRoutes,
                  // Any other path is protected too; an unknown one shows the not-found page, not a blank one.
                  { path: '*', ...lazyScreen('../site/NotFoundScreen.tsx') },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the code of every lazy level the page at `pathname` draws (the session's frame, the
 * signed-in shell, the screen), one level after another with `pause()` between them: the route's
 * page already asked the browser for all of it (scripts/routePages.ts), so this mostly waits for
 * downloads under way, and each level's code then runs in a task of its own rather than all in
 * one long one. A failed download is left to the lazy component, which asks again, and to the
 * error boundary.
 */
export async function preloadRoute(pathname: string, pause: () => Promise<void>): Promise<void> {
  for (const match of routeMatches(pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle) continue;
    await handle.preload().catch(() => undefined);
    await pause();
  }
}

/** How many pathnames' matches are kept: the pages lately drawn, so the table cannot grow without end. */
const MATCHES_KEPT = 8;
const matchesByPathname = new Map<string, RouteMatch[] | null>();

/**
 * The levels of the route table drawn at `pathname`, matched once a pathname. React Router matches
 * a table by first compiling a pattern for every level of every route in it: at the low-tier
 * phone's speed (the Lighthouse gate's throttling) that took 24-29 ms as the page's code was loaded
 * ahead (preloadRoute, a task of its own) and 18-122 ms again as React drew the page (useRoutes),
 * in the middle of hydrating it. Drawn from the matches kept here, the second costs nothing.
 */
export function routeMatches(pathname: string): RouteMatch[] | null {
  let matches = matchesByPathname.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (matchesByPathname.size >= MATCHES_KEPT) matchesByPathname.delete(matchesByPathname.keys().next().value!);
    matchesByPathname.set(pathname, matches);
  }
  return matches;
}
