import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { isSignedIn } from '../../domain/account/user';
import { useSession, useSessionSelector } from './SessionContext';

/**
 * /login with a user already loaded goes to /dashboard: there is nothing to log in to. "Already" is
 * read once, on arrival, as soon as the stored user is read: a login made on this screen signs the
 * user in and then navigates by its own rule (verify-email, set-pin or dashboard), which this guard
 * must not overrule.
 */
export default function RedirectIfSignedIn() {
  const session = useSession();
  const restored = useSessionSelector((s) => s.context.restored);
  const [alreadySignedIn, setAlreadySignedIn] = useState<boolean | null>(null);
  // Decided in render, once: React's pattern for state that follows an earlier render's value.
  if (restored && alreadySignedIn === null) setAlreadySignedIn(isSignedIn(session.getSnapshot().context.user));
  return alreadySignedIn ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
