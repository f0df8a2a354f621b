import { lazy, Suspense, useEffect, useState, type JSX, type ReactNode } from 'react';
import { BrowserRouter, Navigate, NavLink, Outlet, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { allows, type Permission, type StaffProfile } from '../../../core/console';
import { useToastsWanted } from '../kit/toaster';
import { staffSession } from '../../machines/console/staffSession';
import { useAction } from './flows';
import { StaffContext, useStaff } from './staffContext';
import { ApprovalsScreen } from './ApprovalsScreen';
import { AuditScreen } from './AuditScreen';
import { CasesScreen } from './CasesScreen';
import { CustomerScreen } from './CustomerScreen';
import { CustomersScreen } from './CustomersScreen';
import { GlanceScreen } from './GlanceScreen';
import { ProductsScreen } from './ProductsScreen';
import { ReconciliationScreen } from './ReconciliationScreen';
import { SignInScreen } from './SignInScreen';
import { StaffScreen } from './StaffScreen';
import { SuspenseScreen } from './SuspenseScreen';

/** The console's pages; those a role may not use are neither linked nor routed (the server refuses them anyway). */
const PAGES: { path: string; title: string; permission: Permission }[] = [
  { path: '/', title: 'At a glance', permission: 'glance.read' },
  { path: '/customers', title: 'Customers', permission: 'customers.read' },
  { path: '/cases', title: 'Cases', permission: 'cases.work' },
  { path: '/products', title: 'Products', permission: 'glance.read' },
  { path: '/suspense', title: 'Suspense', permission: 'suspense.read' },
  { path: '/approvals', title: 'Approvals', permission: 'money.decide' },
  { path: '/reconciliation', title: 'Reconciliation', permission: 'reconciliation.work' },
  { path: '/staff', title: 'Staff', permission: 'staff.manage' },
  { path: '/audit', title: 'Audit', permission: 'audit.read' },
];

function Shell() {
  const staff = useStaff();
  const navigate = useNavigate();
  const leaving = () => {
    staffSession.forget();
    navigate('/sign-in', { replace: true });
  };
  const signOut = useAction('session.signOut', { onDone: leaving });
  return (
    <div className="ops-shell">
      <header className="ops-top">
        <span className="ops-brand">Naira Wallet console</span>
        <nav aria-label="Console">
          {PAGES.filter((page) => allows(staff.role, page.permission)).map((page) => (
            <NavLink key={page.path} to={page.path} end={page.path === '/'} className="ops-nav-link">
              {page.title}
            </NavLink>
          ))}
        </nav>
        <span className="ops-who">
          {staff.name} · {staff.role}{' '}
          <button type="button" className="btn-link" onClick={() => signOut.start(null)}>
            Sign out
          </button>
        </span>
      </header>
      <main className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The signed-in part: the staff member of this tab, or the sign-in page (also when any call says
 * the session ended).
 */
function SignedIn() {
  const [staff, setStaff] = useState<StaffProfile | null>(staffSession.current);
  useEffect(
    () =>
      staffSession.onEnded(() => {
        staffSession.forget();
        setStaff(null);
      }),
    [],
  );
  if (!staff) return <Navigate to="/sign-in" replace />;
  return (
    <StaffContext.Provider value={staff}>
      <Shell />
    </StaffContext.Provider>
  );
}

const screens: Record<string, () => JSX.Element> = {
  '/customers': CustomersScreen,
  '/cases': CasesScreen,
  '/products': ProductsScreen,
  '/suspense': SuspenseScreen,
  '/approvals': ApprovalsScreen,
  '/reconciliation': ReconciliationScreen,
  '/staff': StaffScreen,
  '/audit': AuditScreen,
};

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const staff = useStaff();
  return allows(staff.role, permission) ? <>{children}</> : <Navigate to="/" replace />;
}

/**
 * The route table (the app's router and its hook, as the customer app uses them: no other part of
 * the router is bundled).
 */
const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInScreen invitation={null} /> },
  {
    path: '/setup',
    element: <SignInScreen invitation={new URLSearchParams(location.hash.slice(1)).get('invitation')} />,
  },
  {
    element: <SignedIn />,
    children: [
      { index: true, element: <GlanceScreen /> },
      ...PAGES.filter((page) => page.path !== '/').map((page) => {
        const Screen = screens[page.path];
        return {
          path: page.path.slice(1),
          element: (
            <Allowed permission={page.permission}>
              <Screen />
            </Allowed>
          ),
        };
      }),
      {
        path: 'customers/:customerId',
        element: (
          <Allowed permission="customers.read">
            <CustomerScreen />
          </Allowed>
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The app's toast container, loaded as the app loads it (with the first toast). Imported lazily
 * here too: a module the app loads lazily must stay out of the console's chunks, or the app's
 * lazy import would fetch them.
 */
const Toasts = lazy(() => import('../kit/Toasts'));

function Console() {
  const toastsWanted = useToastsWanted();
  return (
    <>
      {useRoutes(routes)}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}

export function ConsoleApp() {
  return (
    <BrowserRouter>
      <Console />
    </BrowserRouter>
  );
}
