import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { isSignedIn } from '../../domain/user';
import { useSession, useSessionSelector } from './SessionContext';

/**
 * Every route but the public ones needs a signed-in user (SPEC.md §6). With no e-mail in
 * state the session is logged out (clearing whatever half-state is stored) and the user is
 * sent to /login (SPEC.md §2).
 */
export default function RequireUser() {
  const session = useSession();
  const signedIn = useSessionSelector((s) => isSignedIn(s.context.user));
  useEffect(() => {
    if (!signedIn) session.send({ type: 'session.logout' });
  }, [signedIn, session]);
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
