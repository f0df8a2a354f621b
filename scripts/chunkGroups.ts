// How `vite build` groups modules into chunks (vite.config.ts). Left to itself the bundler gives
// every module shared by two routes a chunk of its own: a signed-in screen then loaded 27–35
// files, most under 2 KB, in waves, each wave a round trip. Here a module goes by who needs it:
//   - what the entry imports statically (React, the router, the route table) and what the pages
//     outside the session (the landing, terms, policy) share with the session's screens
//     (money, tiers, icons): `landing`, loaded with the entry, so that it does not fold into a
//     session chunk and bring the state machines with it (the landing screen is a chunk of its
//     own, which the landing's page names beside the entry, and what only those pages share
//     is theirs);
//   - three or more of the session's lazy modules, by who shares them: what the first pages
//     (/login, the dashboard a login lands on, and the session's frames) need goes with them —
//     `screens` (the API client, storage, the shared fields) when a signed-out page shares it,
//     `signed-in` (the account menu, the service grid) when only the signed-in app does; what
//     only later pages share waits for them — `forms` (the code boxes and password pairs of the
//     account forms) and `app-screens` (the pin dialog, the plan pickers, a transaction's
//     details). So /login does not download the signed-in app, nor the dashboard the forms;
//   - exactly two lazy modules: a chunk for the two (`shared-<A>-<B>`), e.g. the activity list
//     of the dashboard and /activities, which no other route then downloads;
//   - one lazy module: its own chunk (the bundler's default, returned as null), a screen's with
//     what only it uses; but the frames (sessionFrames.ts around every session page, appFrames.ts
//     around the signed-in app's) and what only they use (the session machine; the header) go
//     into `screens` and `signed-in`, which only the pages they frame load: one file fewer for
//     each first page, and better compressed, at no cost to any other.
//     A route's page names all of its files, fetched in one wave, where it loaded a dozen in waves.
import { basename } from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * The operator console (console.html, src/{ui,machines,api}/console): a second entry of the build. What only it
 * uses goes into its own `console` chunk, which no customer page names. What it shares with
 * what the app's first page loads (React, the router, XState, money) goes into `common`, which
 * both pages name: left in `landing`, it would make the console load the app's entry module
 * (which `landing` holds) and so start the customer app on the console's page. What it shares
 * with the app's lazy modules goes into `kit` (the flow hook, form fields: what the app's first
 * pages need) or `kit-later` (the passkey ceremonies, what the toasts use: what only later pages
 * need, which /login and the dashboard do not download), beside `screens`, whose other modules
 * would bring `landing` in. All count what the console may load later, through a lazy import, as
 * well as what it loads at once.
 */
const CONSOLE = /[\\/]src[\\/](ui|machines|api)[\\/]console[\\/]|[\\/]console\.html$/;

/** Lazily loaded pages outside the session (routes.tsx): what they share must not pull the session in. */
const SESSIONLESS = /[\\/]src[\\/]ui[\\/]site[\\/](LandingScreen|TermsScreen|PolicyScreen)\.tsx$/;

/**
 * The screens a signed-out visitor opens (the account flow), beside which every other lazy screen
 * (and what those load lazily: a problem report, a receipt) belongs to the signed-in app.
 */
const SIGNED_OUT =
  /[\\/]src[\\/]ui[\\/]account[\\/]((Register|Login|Forgot|Reset|VerifyEmail|SetPin|NotMe|IAmHuman)Screen|PasskeySignIn)\.tsx$/;
// The customer app's feature rooms (not the app's frame, nor the kit both apps share), and the signed-in app's frames.
const APP_LAZY =
  /[\\/]src[\\/]ui[\\/]((account|wallet|purchases|schedules|records|notifications|site)[\\/]|app[\\/]appFrames\.ts$)/;
const signedInOnly = (root: string) => APP_LAZY.test(root) && !SIGNED_OUT.test(root) && !SESSIONLESS.test(root);
/**
 * The pages most visits start on, /login and the dashboard a login lands on, and the frames around
 * every session page: what these share is loaded with them; what only other pages share waits for those.
 */
const LOGIN_SCREEN = /[\\/]src[\\/]ui[\\/]account[\\/]LoginScreen\.tsx$/;
const FIRST_PAGES =
  /[\\/]src[\\/]ui[\\/]((account[\\/]Login|wallet[\\/]Dashboard)Screen\.tsx|app[\\/](sessionFrames|appFrames)\.ts)$/;

/**
 * The frames and the chunk each goes into with what only it uses: every page that loads `screens`
 * (what the session's pages share) draws the session's frames, and every page that loads
 * `signed-in` (what the signed-in app's pages share) the signed-in app's.
 */
const FRAMES = [
  { module: /[\\/]src[\\/]ui[\\/]app[\\/]sessionFrames\.ts$/, chunk: { group: 'screens', name: 'screens' } },
  { module: /[\\/]src[\\/]ui[\\/]app[\\/]appFrames\.ts$/, chunk: { group: 'signedIn', name: 'signed-in' } },
] as const satisfies readonly { module: RegExp; chunk: { group: Group; name: string } }[];
const framesChunk = (id: string) => FRAMES.find(({ module }) => module.test(id))?.chunk ?? null;

/**
 * The entries whose static imports reach `id`: 'entry' for the app's, else the lazily imported
 * modules (routes.tsx's screens and frames). A walk up the importers; the graph is a few hundred modules.
 */
function roots(id: string, context: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = context.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry) found.add(CONSOLE.test(next) ? next : 'entry');
    if (info.dynamicImporters.length > 0) found.add(next);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return found;
}

/**
 * Whether the console can load `id`, right away or later (through a lazy import, such as the
 * toasts'): a walk up the importers, static and dynamic, to a module of the console.
 */
function reachedByConsole(id: string, context: ChunkingContext): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (CONSOLE.test(next)) return true;
    const info = context.getModuleInfo(next);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

/**
 * React DOM's client (with its scheduler): about half of what a first page runs. The entry loads
 * it with an import of its own (src/ui/main.tsx), so that it runs in a task of its own; the page
 * names it among the entry's files (scripts/routePages.ts), so it is fetched with them.
 */
export const REACT_DOM_CLIENT =
  /[\\/]node_modules[\\/](react-dom[\\/](client\.js$|cjs[\\/]react-dom-client\.)|scheduler[\\/])/;

type Group =
  | 'reactDom'
  | 'common'
  | 'landing'
  | 'kit'
  | 'kitLater'
  | 'screens'
  | 'login'
  | 'signedIn'
  | 'forms'
  | 'appScreens'
  | 'pair'
  | 'console';

/**
 * A library loaded only when it is used, through a dynamic import of its own (the passkey
 * ceremonies' @simplewebauthn/browser, src/api/kit/webauthn.ts): left to the rules below, the
 * console's import of it would put its modules in `kit-later`, fetched with the first later page.
 * With the bundler's default, they stay in the chunk of the import, fetched on the first ceremony.
 */
const ON_DEMAND = /[\\/]node_modules[\\/]@simplewebauthn[\\/]browser[\\/]/;

/** Source size (characters) under which a module two lazy modules share goes with `screens`. */
const PAIR_MINIMUM = 2_000;

/** The name of the chunk `id` goes into by its group, or null for a chunk of its own (a lazily loaded module, or one screen's). */
function chunkOf(id: string, context: ChunkingContext): { group: Group; name: string } | null {
  if (REACT_DOM_CLIENT.test(id)) return { group: 'reactDom', name: 'react-dom-client' };
  if (framesChunk(id)) return framesChunk(id);
  if (ON_DEMAND.test(id)) return null;
  const info = context.getModuleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
  const reached = roots(id, context);
  const from = new Set([...reached].filter((root) => !CONSOLE.test(root)));
  if (from.size === 0) return reached.size > 0 ? { group: 'console', name: 'console' } : null;
  const app = appChunkOf(from, info.code?.length ?? 0);
  if (!reachedByConsole(id, context)) return app;
  // The console may load it too: never in a chunk that holds the app's entry (landing) or a screen's code.
  if (app?.group === 'landing') return { group: 'common', name: 'common' };
  return app !== null && FIRST_PAGE_GROUPS.has(app.group)
    ? { group: 'kit', name: 'kit' }
    : { group: 'kitLater', name: 'kit-later' };
}

/** The app's groups a first visit of /login or the dashboard downloads. */
const FIRST_PAGE_GROUPS: ReadonlySet<Group> = new Set(['screens', 'login', 'signedIn']);

/** Where the app's own rules put a module its roots `from` reach. */
function appChunkOf(from: Set<string>, size: number): { group: Group; name: string } | null {
  const sessionless = [...from].filter((root) => SESSIONLESS.test(root));
  if (from.has('entry') || (sessionless.length > 0 && sessionless.length < from.size))
    return { group: 'landing', name: 'landing' };
  // What only the pages outside the session share (the legal pages' layout) is theirs alone.
  if (sessionless.length > 0) return null;
  if (from.size === 1) return framesChunk([...from][0]);
  // What exactly two lazy modules share (the activity list of the dashboard and /activities)
  // stays with those two instead of weighing on every other route; a small module is not worth
  // a request of its own to them.
  if (from.size >= 3 || (from.size === 2 && size < PAIR_MINIMUM)) {
    // What only the signed-in screens share stays off the account flow's pages (a first visit of
    // /login does not download it), and what only the pages beyond the first ones share (the code
    // boxes and password pairs of the account forms; the pin dialog, the plan pickers and a
    // transaction's details of the signed-in app) stays off /login and the dashboard.
    const signedIn = [...from].every(signedInOnly);
    const firstPages = [...from].filter((root) => FIRST_PAGES.test(root));
    // What /login shares with later pages but the dashboard and the frames do not need (the login
    // form's frame, the bot check, the forms' checks) stays off the dashboard's first visit.
    if (firstPages.length > 0 && firstPages.every((root) => LOGIN_SCREEN.test(root)))
      return { group: 'login', name: 'login' };
    if (firstPages.length > 0)
      return signedIn ? { group: 'signedIn', name: 'signed-in' } : { group: 'screens', name: 'screens' };
    return signedIn ? { group: 'appScreens', name: 'app-screens' } : { group: 'forms', name: 'forms' };
  }
  if (from.size === 2)
    return {
      group: 'pair',
      name: `shared-${[...from]
        .map((root) => basename(root).replace(/\.\w+$/, ''))
        .sort()
        .join('-')}`,
    };
  return null;
}

/**
 * The groups for `build.rolldownOptions.output.codeSplitting`, the widest first (what both pages
 * load, then the landing's): a group takes its modules' dependencies with it, so each must choose
 * before the next narrower one.
 */
export const chunkGroups = (
  [
    'reactDom',
    'common',
    'landing',
    'kit',
    'kitLater',
    'screens',
    'login',
    'signedIn',
    'forms',
    'appScreens',
    'pair',
    'console',
  ] as const
).map((group, index, all) => ({
  debugName: group,
  name: (id: string, context: ChunkingContext) => {
    const chunk = chunkOf(id, context);
    return chunk?.group === group ? chunk.name : null;
  },
  priority: all.length - index,
}));
