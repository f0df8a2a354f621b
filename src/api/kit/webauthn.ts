import type { PasskeyCeremony } from '../../../core/passkeys';
import { store } from './storage';

/**
 * The browser's half of a passkey ceremony, through @simplewebauthn/browser. The library is
 * imported only when a passkey is used (a dynamic import, its own chunk): a first visit of
 * /login or /dashboard downloads none of it (docs/architecture.md, "Passkeys").
 */

const library = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all (no library needed to tell). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const probe = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof probe === 'function' ? probe.call(window.PublicKeyCredential).catch(() => false) : false;
}

/** Makes a passkey with the phone's screen lock for a registration ceremony; answers the browser's response. */
export async function createPasskey(ceremony: PasskeyCeremony): Promise<Record<string, unknown>> {
  const { startRegistration } = await library();
  const optionsJSON = ceremony.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'];
  const response = await startRegistration({ optionsJSON });
  return response as unknown as Record<string, unknown>;
}

/**
 * Uses a passkey for an authentication ceremony: in a dialog, or (`autofill`) offered in the
 * e-mail field's suggestions until the user picks one or the page aborts it.
 */
export async function answerWithPasskey(ceremony: PasskeyCeremony, autofill = false): Promise<Record<string, unknown>> {
  const { startAuthentication } = await library();
  const optionsJSON = ceremony.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return response as unknown as Record<string, unknown>;
}

/** Stops a ceremony still waiting in the browser (the autofill one, when the page moves on). */
export async function cancelCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

/**
 * The passkeys this device holds, by credential id, so the pin dialog knows to offer one first.
 * Kept apart from the user's fields: a logout keeps it, as it keeps the device id.
 */
const HERE_KEY = 'passkeys_here';

function held(): string[] {
  try {
    const ids: unknown = JSON.parse(store()?.getItem(HERE_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const passkeyHere = (): boolean => passkeysSupported() && held().length > 0;

export function rememberPasskeyHere(credentialId: string): void {
  const ids = held();
  if (!ids.includes(credentialId)) store()?.setItem(HERE_KEY, JSON.stringify([...ids, credentialId].slice(-10)));
}

export function forgetPasskeyHere(credentialId: string): void {
  store()?.setItem(HERE_KEY, JSON.stringify(held().filter((id) => id !== credentialId)));
}

/** The browser's words when the user closed the prompt, or no passkey of this site was there. */
export const passkeyNotUsed = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
