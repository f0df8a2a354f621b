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

/**
 * An event as the inspector may show it: secret-looking fields masked, and every field but the
 * type of an event whose type names a secret ('pin.change', 'resetPin.otp'): what such an event
 * carries is the secret, whatever its field is called (`values` of the pin boxes).
 */
export function maskEvent<T extends { type: string }>(event: T): T {
  if (!SECRET_KEY.test(event.type)) return maskSecrets(event);
  const masked: Record<string, unknown> = { type: event.type };
  for (const [key, field] of Object.entries(event)) if (key !== 'type') masked[key] = field === '' || field == null ? field : '•••';
  return masked as T;
}

/** An inspection event whose snapshot's `input` (what an actor was started with) is masked like a context. */
export function maskInput<T extends object>(event: T): T {
  const snapshot: unknown = (event as { snapshot?: unknown }).snapshot;
  if (typeof snapshot !== 'object' || snapshot === null || !('input' in snapshot)) return event;
  return { ...event, snapshot: { ...snapshot, input: maskSecrets(snapshot.input) } };
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
    sanitizeEvent: (event) => maskEvent(event),
    // A call's actor holds its request as `input`, which the two sanitizers above never see (the purchase's pin, change-pin's pins).
    serialize: (event) => maskInput(event),
  }).inspect;
}

/** The inspect hook every actor is created with (undefined unless the inspector runs). */
export const getInspect = (): Inspect | undefined => current;
