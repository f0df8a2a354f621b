/**
 * The calls the server takes without a session: the ways in. Every other call of the app is made
 * with the session, or with a token of its own (a reset link's), and the client does not send one
 * that needs the session when it has none. The API description says the same of each route (its
 * security), which a test holds.
 */
export const SIGNED_OUT_CALLS: ReadonlySet<string> = new Set([
  '/api/register',
  '/api/login',
  '/api/forgot',
  '/api/passkeys/sign-in/start',
  '/api/passkeys/sign-in',
]);
