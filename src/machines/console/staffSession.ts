import { forgetSession, onSessionEnded, signedInStaff } from '../../api/console/calls';

/**
 * What the console's shell knows of this tab's staff session: who is signed in (null once the
 * sign-in is not finished or the session is gone), a way to hear that the server ended it, and
 * forgetting it. The session itself is the server's; the tab only keeps its token.
 */
export const staffSession = { current: signedInStaff, onEnded: onSessionEnded, forget: forgetSession };
