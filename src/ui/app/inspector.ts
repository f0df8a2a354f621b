import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * Builds that may open the inspector: development (`npm run dev`) and the inspector's own
 * production-like build (`npm run preview:inspect`, `vite build --mode inspect`). Vite replaces
 * both with constants, so a production build drops the dynamic imports below, and with them the
 * inspector and its mask (`npm run size` checks).
 */
const INSPECTABLE_BUILD = import.meta.env.DEV || import.meta.env.MODE === 'inspect';

let current: Inspect | undefined;

/**
 * Starts the Stately inspector when the build allows it and the URL asks for it (`?inspect`); every
 * event is masked first.
 */
export async function loadInspector(search: string): Promise<void> {
  if (!INSPECTABLE_BUILD || !new URLSearchParams(search).has('inspect')) return;
  const [{ createBrowserInspector }, { maskedInspectorOptions }] = await Promise.all([
    import('@statelyai/inspect'),
    import('./inspectorMask'),
  ]);
  current = createBrowserInspector(maskedInspectorOptions).inspect;
}

/** The inspect hook every actor is created with (undefined unless the inspector runs). */
export const getInspect = (): Inspect | undefined => current;
