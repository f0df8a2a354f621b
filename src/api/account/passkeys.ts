import type { Envelope, UserData } from '../../../core/contract';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';
import { DEVICE } from '../../../core/limits';
import { callOk } from '../kit/http';
import { deviceId } from '../kit/storage';
import { createPasskey, forgetPasskeyHere, rememberPasskeyHere, answerWithPasskey } from '../kit/webauthn';

/**
 * The account's passkeys (docs/product.md, "Passkeys"): each ceremony is a start call (the
 * server's challenge), the browser's prompt (the phone's screen lock), and a finishing call.
 */

/** What a purchase or a schedule sends in place of the pin. */
export interface PasskeyConfirmation {
  ceremony: string;
  response: Record<string, unknown>;
}

const idOf = (response: Record<string, unknown>) => String(response.id);

export const listPasskeys = (signal?: AbortSignal): Promise<Envelope<Passkey[]>> =>
  callOk<Passkey[]>('/api/passkeys/list', {}, { signal });

/** The password first (the server checks it), then the phone makes the passkey. */
export async function addPasskey(password: string, name: string, signal?: AbortSignal): Promise<Envelope<Passkey>> {
  const started = await callOk<PasskeyCeremony>('/api/passkeys/add/start', { password }, { signal });
  const response = await createPasskey(started.data!);
  const body = { ceremony: started.data!.ceremony, response, name, device_id: deviceId() };
  const added = await callOk<Passkey>('/api/passkeys/add', body, { signal });
  rememberPasskeyHere(idOf(response));
  return added;
}

export const renamePasskey = (id: number, name: string, signal?: AbortSignal): Promise<Envelope<Passkey>> =>
  callOk<Passkey>('/api/passkeys/rename', { passkey_id: id, name }, { signal });

export async function removePasskey(passkey: Passkey, signal?: AbortSignal): Promise<Envelope> {
  const removed = await callOk('/api/passkeys/remove', { passkey_id: passkey.id }, { signal });
  forgetPasskeyHere(passkey.credential_id);
  return removed;
}

/** Signs in with a passkey the phone offers: in a dialog, or in the e-mail field's autofill. */
export async function signInWithPasskey(autofill: boolean, signal?: AbortSignal): Promise<Envelope<UserData>> {
  const started = await callOk<PasskeyCeremony>('/api/passkeys/sign-in/start', {}, { signal });
  const response = await answerWithPasskey(started.data!, autofill);
  const body = { ceremony: started.data!.ceremony, response, device: DEVICE, device_id: deviceId() };
  const signedIn = await callOk<UserData>('/api/passkeys/sign-in', body, { signal });
  rememberPasskeyHere(idOf(response));
  return signedIn;
}

/** The answer a purchase or a schedule carries in place of the pin: this session's challenge, signed. */
export async function confirmWithPasskey(signal?: AbortSignal): Promise<PasskeyConfirmation> {
  const started = await callOk<PasskeyCeremony>('/api/passkeys/confirm/start', {}, { signal });
  const response = await answerWithPasskey(started.data!);
  return { ceremony: started.data!.ceremony, response };
}
