/** The public routes of SPEC.md §2 / §6; every other route requires a signed-in user. */
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
] as const;

export const isPublicRoute = (pathname: string) =>
  (PUBLIC_ROUTES as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
