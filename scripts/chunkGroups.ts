// How `vite build` groups modules into chunks (vite.config.ts). Left to itself the bundler gives
// every module shared by two routes a chunk of its own: a signed-in screen then loaded 27–35
// files, most under 2 KB, in waves (issue 13). Here a module goes by who needs it:
//   - the landing route (the entry imports it statically): `landing`, loaded with the entry;
//   - the session's frame, which every signed-in route and every account screen waits for
//     (SessionLayout, RequireUser, RedirectIfSignedIn, AppShell and what they import):
//     `session`, one file where there were a dozen (each lazy module keeps a small chunk of its
//     own: captured by a group it would leave a re-exporting stub behind);
//   - two or more screens of the session: `screens`, one file of the shared forms, lists and
//     machines (the terms and policy pages, outside the session, keep the bundler's chunks);
//   - one screen: that screen's own chunk (the bundler's default, returned as null).
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** The lazily loaded frame modules: loading any session route loads them all. */
export const SESSION_FRAME = /[\\/]src[\\/]ui[\\/]app[\\/](SessionLayout|RequireUser|RedirectIfSignedIn|AppShell)\.tsx$/;

/** Lazily loaded pages outside the session (routes.tsx): what they share must not pull the session in. */
const SESSIONLESS = /[\\/]src[\\/]ui[\\/]screens[\\/](TermsScreen|PolicyScreen)\.tsx$/;
/** Their paths, and the landing's: every other route of routes.tsx runs in the session. */
export const SESSIONLESS_PATHS = ['/', '/terms', '/policy'];

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
    if (info.isEntry) found.add('entry');
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

type Group = 'landing' | 'session' | 'screens';

/** Which group `id` belongs to, or null for a chunk of its own (a lazily loaded module, or one screen's). */
function groupOf(id: string, context: ChunkingContext): Group | null {
  const info = context.getModuleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
  const from = roots(id, context);
  if (from.has('entry')) return 'landing';
  if ([...from].some((root) => SESSION_FRAME.test(root))) return 'session';
  if (from.size >= 2 && ![...from].some((root) => SESSIONLESS.test(root))) return 'screens';
  return null;
}

/**
 * The groups for `build.rolldownOptions.output.codeSplitting`, the landing's first: a group takes
 * its modules' dependencies with it, so each must choose before the next wider one.
 */
export const chunkGroups = (['landing', 'session', 'screens'] as const).map((group, index, all) => ({
  debugName: group,
  name: (id: string, context: ChunkingContext) => (groupOf(id, context) === group ? group : null),
  priority: all.length - index,
}));
