import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { isSignedIn } from '../../domain/account/user';
import { useSession, useSessionSelector } from './SessionContext';

/**
 * Every route but the public ones needs a signed-in user. With no e-mail in
 * state the session is logged out (clearing whatever half-state is stored) and the user is
 * sent to /login. Until the stored user is read (the first frame, drawn from the
 * page's HTML) the screen's frame is drawn, with placeholders where the user's data goes.
 */
export default function RequireUser() {
  const session = useSession();
  const restored = useSessionSelector((s) => s.context.restored);
  const signedIn = useSessionSelector((s) => isSignedIn(s.context.user));
  const refused = restored && !signedIn;
  useEffect(() => {
    if (refused) session.send({ type: 'session.logout' });
  }, [refused, session]);
  return refused ? <Navigate to="/login" replace /> : <Outlet />;
}
