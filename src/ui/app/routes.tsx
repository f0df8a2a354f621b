import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SERVICES } from '../../../core/services';
import { PageLoading } from '../components/PageLoading';
import LandingScreen from '../screens/LandingScreen';
import { RootLayout } from './RootLayout';

/**
 * A screen whose code is downloaded when its route is first visited, so the landing page
 * carries none of it (DESIGN.md §5). Each gets its own Suspense boundary: a newly mounted
 * boundary shows the loading state at once instead of freezing the previous page.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}

const ServiceScreen = lazy(() => import('../screens/ServiceScreen'));

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
      { path: 'terms', element: lazyScreen(() => import('../screens/TermsScreen')) },
      { path: 'policy', element: lazyScreen(() => import('../screens/PolicyScreen')) },
      {
        element: lazyScreen(() => import('./SessionLayout')),
        children: [
          { path: 'register', element: lazyScreen(() => import('../screens/RegisterScreen')) },
          {
            element: lazyScreen(() => import('./RedirectIfSignedIn')),
            children: [{ path: 'login', element: lazyScreen(() => import('../screens/LoginScreen')) }],
          },
          { path: 'forgot', element: lazyScreen(() => import('../screens/ForgotScreen')) },
          { path: 'reset', element: lazyScreen(() => import('../screens/ResetScreen')) },
          { path: 'verify-email', element: lazyScreen(() => import('../screens/VerifyEmailScreen')) },
          { path: 'set-pin', element: lazyScreen(() => import('../screens/SetPinScreen')) },
          { path: 'iamhuman', element: lazyScreen(() => import('../screens/IAmHumanScreen')) },
          {
            element: lazyScreen(() => import('./RequireUser')),
            children: [
              {
                element: lazyScreen(() => import('./AppShell')),
                children: [
                  { path: 'dashboard', element: lazyScreen(() => import('../screens/DashboardScreen')) },
                  { path: 'activities', element: lazyScreen(() => import('../screens/ActivitiesScreen')) },
                  { path: 'notification', element: lazyScreen(() => import('../screens/NotificationsScreen')) },
                  { path: 'funding', element: lazyScreen(() => import('../screens/FundingScreen')) },
                  { path: 'profile', element: lazyScreen(() => import('../screens/ProfileScreen')) },
                  { path: 'password', element: lazyScreen(() => import('../screens/ChangePasswordScreen')) },
                  { path: 'pin', element: lazyScreen(() => import('../screens/ChangePinScreen')) },
                  { path: 'reset-pin', element: lazyScreen(() => import('../screens/ResetPinScreen')) },
                  { path: 'support', element: lazyScreen(() => import('../screens/SupportScreen')) },
                  { path: 'more', element: lazyScreen(() => import('../screens/MoreScreen')) },
                  { path: 'statements', element: lazyScreen(() => import('../screens/StatementsScreen')) },
                  ...serviceRoutes,
                  // Any other path is protected (SPEC.md §6); screens not built yet land here.
                  { path: '*', element: lazyScreen(() => import('../screens/NotFoundScreen')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
