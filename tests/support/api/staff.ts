import { generate } from 'otplib';
import type { SignInAnswer, StaffRole } from '../../../core/console';
import type { Envelope } from '../../../core/contract';
import { createStaff } from '../../../server/console/services/staffAccounts';
import type { Reply, TestApp } from './app';

/** Staff of the operator console in the API tests: created as the command line does, enrolled through the API, codes from the test's clock. */

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  token: string;
  secret: string;
  recoveryCodes: string[];
  /** A fresh code: the clock moves one step first (a code is good once). */
  code(): Promise<string>;
}

export const PASSWORD = 'Console-desk-2026!';
let counter = 0;

/** Calls the console's listener (the customer's app holds it: app.opsConsole). */
export async function ops<T = unknown>(t: TestApp, path: string, body: unknown = {}, token?: string): Promise<Reply<T>> {
  const response = await t.app.opsConsole.inject({
    method: 'POST',
    url: path.startsWith('/') ? path : `/ops/api/${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), headers: response.headers };
}

export const totpAt = (t: TestApp, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

/** A staff member of `role`, invited, with a password and an authenticator app, signed in. */
export async function staffMember(t: TestApp, role: StaffRole): Promise<StaffMember> {
  const email = `${role}${++counter}.${process.pid}@ops.test`;
  const invitation = await createStaff(t.ctx, { cli: 'test' }, { email, name: `Staff ${counter}`, role }, 'http://127.0.0.1:3001');
  const token = new URL(invitation.invitation_url).hash.replace('#invitation=', '');
  const accepted = await ops<SignInAnswer>(t, 'invitation/accept', { invitation: token, password: PASSWORD });
  if (accepted.status !== 200) throw new Error(`invitation refused: ${accepted.body.message}`);
  const started = await ops<{ secret: string }>(t, 'enrolment/start', {}, accepted.body.data!.token);
  const secret = started.body.data!.secret;
  const confirmed = await ops<SignInAnswer & { recovery_codes: string[] }>(t, 'enrolment/confirm', { code: await totpAt(t, secret) }, accepted.body.data!.token);
  if (confirmed.status !== 200) throw new Error(`enrolment refused: ${confirmed.body.message}`);
  return {
    id: invitation.staff.id,
    email,
    role,
    token: confirmed.body.data!.token,
    secret,
    recoveryCodes: confirmed.body.data!.recovery_codes,
    async code() {
      t.clock.advance(30_000);
      return totpAt(t, secret);
    },
  };
}

/** A customer's id, as staff see it on the console. */
export async function customerIdOf(t: TestApp, email: string): Promise<number> {
  return Number((await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
}
