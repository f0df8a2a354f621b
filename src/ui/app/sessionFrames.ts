// The frames every session route draws, the account flow's pages included (/login, /register…),
// loaded as one module: one file costs one request where two cost two. The signed-in app's own
// frames (appFrames.ts) stay off those pages.
export { default as SessionLayout, prepareSession } from './SessionLayout';
export { default as RedirectIfSignedIn } from './RedirectIfSignedIn';
