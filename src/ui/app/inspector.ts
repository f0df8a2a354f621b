import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const SECRET_KEY = /pin|otp|password|token|code|bvn|nin/i;

/** Deep copy with every secret-looking field masked, so the inspector never shows one. */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskSecrets) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) && field !== '' && field != null ? '•••' : maskSecrets(field);
  }
  return copy as T;
}

let current: Inspect | undefined;

/**
 * Starts the Stately inspector in development builds when the URL asks for it (`?inspect`).
 * The dynamic import sits behind `import.meta.env.DEV`, so production bundles never contain it.
 */
export async function loadInspector(search: string): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  current = createBrowserInspector({
    sanitizeContext: (context) => maskSecrets(context),
    sanitizeEvent: (event) => maskSecrets(event),
  }).inspect;
}

/** The inspect hook every actor is created with (undefined unless the inspector runs). */
export const getInspect = (): Inspect | undefined => current;
