// The frames of the session's routes, loaded as one module: every session route draws
// SessionLayout and one or two of the others, and one file costs one request where four
// cost four (a first visit's requests share six connections).
export { default as SessionLayout } from './SessionLayout';
export { default as RedirectIfSignedIn } from './RedirectIfSignedIn';
export { default as RequireUser } from './RequireUser';
export { default as AppShell } from './AppShell';
