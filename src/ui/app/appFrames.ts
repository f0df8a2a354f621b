// The frames of the signed-in app, loaded as one module: the guard that asks for a user and the
// shell with its header, account menu, logout confirmation and footer tabs, which a page of the
// account flow (/login) never draws and so never downloads.
export { default as RequireUser } from './RequireUser';
export { default as AppShell } from './AppShell';
