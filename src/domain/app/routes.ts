/**
 * The routes that need no session (docs/product.md, "Public routes"), /not-me (a credential-change
 * e-mail's link) among them; every other route requires a signed-in user.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/terms',
  '/policy',
  '/register',
  '/login',
  '/forgot',
  '/reset',
  '/verify-email',
  '/set-pin',
  '/iamhuman',
  '/not-me',
] as const;

export const isPublicRoute = (pathname: string) =>
  (PUBLIC_ROUTES as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');

/** Where a reset pin returns to when no screen is named. */
export const RESET_PIN_DEFAULT_RETURN = '/dashboard';

/** "Forgot pin?" from a screen: /reset-pin, told to come back to that screen. */
export const forgotPinPath = (from: string): string => `/reset-pin?from=${encodeURIComponent(from)}`;

/**
 * The `from` of /reset-pin?from=... as a path of this app, or the dashboard: only a path on this
 * origin is followed ('//host' and '/\\host' would leave it), never /reset-pin itself.
 */
export function returnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || /^\/[/\\]/.test(from)) return RESET_PIN_DEFAULT_RETURN;
  const pathname = from.split(/[?#]/)[0].replace(/\/+$/, '');
  return pathname === '/reset-pin' ? RESET_PIN_DEFAULT_RETURN : from;
}
