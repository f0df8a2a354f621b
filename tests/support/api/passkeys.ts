import { expect } from 'vitest';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';
import type { SignedUp } from './accounts';
import type { TestApp } from './app';
import type { Bend, SoftAuthenticator } from './softAuthenticator';

/** The device the passkeys of the tests are added from. */
export const DEVICE_ID = 'device-of-the-owner-0001';

/** A ceremony's start, which must be answered. */
export async function started(t: TestApp, path: string, token?: string, body: unknown = {}) {
  const reply = await t.call<PasskeyCeremony>(path, { token, body });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data!;
}

/** Adds a passkey made by `phone` to the account; answers the reply of the finishing call. */
export async function addPasskey(t: TestApp, phone: SoftAuthenticator, account: SignedUp, bend: Bend = {}) {
  const start = await started(t, '/api/passkeys/add/start', account.token, { password: account.password });
  const response = phone.register(start.options, bend);
  const body = { ceremony: start.ceremony, response, name: 'My phone', device_id: DEVICE_ID };
  return t.call<Passkey>('/api/passkeys/add', { token: account.token, body });
}

/** A passkey's answer to a confirmation ceremony of this session, for a purchase or a schedule. */
export async function confirmation(t: TestApp, phone: SoftAuthenticator, token: string, bend: Bend = {}) {
  const start = await started(t, '/api/passkeys/confirm/start', token);
  return { ceremony: start.ceremony, response: phone.assert(start.options, bend) };
}
