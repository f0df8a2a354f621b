import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { SERVICES } from '../../../core/services';
import { PageLoading } from '../components/PageLoading';
import LandingScreen from '../screens/LandingScreen';
import { RootLayout } from './RootLayout';

type Load = () => Promise<{ default: ComponentType }>;

/** What a route keeps in its `handle`: how to start downloading its code before React asks for it. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A screen whose code is downloaded when its route is first visited, so the landing page
 * carries none of it (DESIGN.md §5). Each gets its own Suspense boundary: a newly mounted
 * boundary shows the loading state at once instead of freezing the previous page.
 */
function lazyScreen(load: Load): Pick<RouteObject, 'element' | 'handle'> {
  const Screen = lazy(load);
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    ),
    handle: { preload: load } satisfies RouteHandle,
  };
}

const loadServiceScreen = () => import('../screens/ServiceScreen');
const ServiceScreen = lazy(loadServiceScreen);

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
  handle: { preload: loadServiceScreen } satisfies RouteHandle,
}));

/**
 * The route table of SPEC.md §2. The landing, terms and policy pages need no session; every other
 * route runs inside the lazily loaded SessionLayout, and all but the public ones behind a
 * signed-in user (§6).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingScreen /> },
      { path: 'terms', ...lazyScreen(() => import('../screens/TermsScreen')) },
      { path: 'policy', ...lazyScreen(() => import('../screens/PolicyScreen')) },
      {
        ...lazyScreen(() => import('./SessionLayout')),
        children: [
          { path: 'register', ...lazyScreen(() => import('../screens/RegisterScreen')) },
          {
            ...lazyScreen(() => import('./RedirectIfSignedIn')),
            children: [{ path: 'login', ...lazyScreen(() => import('../screens/LoginScreen')) }],
          },
          { path: 'forgot', ...lazyScreen(() => import('../screens/ForgotScreen')) },
          { path: 'reset', ...lazyScreen(() => import('../screens/ResetScreen')) },
          { path: 'verify-email', ...lazyScreen(() => import('../screens/VerifyEmailScreen')) },
          { path: 'set-pin', ...lazyScreen(() => import('../screens/SetPinScreen')) },
          { path: 'iamhuman', ...lazyScreen(() => import('../screens/IAmHumanScreen')) },
          {
            ...lazyScreen(() => import('./RequireUser')),
            children: [
              {
                ...lazyScreen(() => import('./AppShell')),
                children: [
                  { path: 'dashboard', ...lazyScreen(() => import('../screens/DashboardScreen')) },
                  { path: 'activities', ...lazyScreen(() => import('../screens/ActivitiesScreen')) },
                  { path: 'notification', ...lazyScreen(() => import('../screens/NotificationsScreen')) },
                  { path: 'funding', ...lazyScreen(() => import('../screens/FundingScreen')) },
                  { path: 'profile', ...lazyScreen(() => import('../screens/ProfileScreen')) },
                  { path: 'password', ...lazyScreen(() => import('../screens/ChangePasswordScreen')) },
                  { path: 'pin', ...lazyScreen(() => import('../screens/ChangePinScreen')) },
                  { path: 'reset-pin', ...lazyScreen(() => import('../screens/ResetPinScreen')) },
                  { path: 'support', ...lazyScreen(() => import('../screens/SupportScreen')) },
                  { path: 'more', ...lazyScreen(() => import('../screens/MoreScreen')) },
                  { path: 'statements', ...lazyScreen(() => import('../screens/StatementsScreen')) },
                  ...serviceRoutes,
                  // Any other path is protected (SPEC.md §6); screens not built yet land here.
                  { path: '*', ...lazyScreen(() => import('../screens/NotFoundScreen')) },
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
 * Starts downloading, all at once, the code of every lazy level the first page needs — the
 * session's frame, the signed-in shell and the screen — instead of one level after another as
 * each renders the next (issue 13: 4–7 sequential waves on a signed-in route). React's lazy
 * components later get the same modules, already loaded or on their way.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    // A failed download is not reported here: React's lazy component asks again and the error boundary shows it.
    (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
  }
}
