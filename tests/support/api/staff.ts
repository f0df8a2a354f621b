import { generate } from 'otplib';
import type { SignInAnswer, StaffRole } from '../../../core/console';
import type { Envelope } from '../../../core/contract';
import { createStaff } from '../../../server/console/services/staffAccounts';
import type { Reply, TestApp } from './app';

/**
 * Staff of the operator console in the API tests: created as the command line does (the one
 * place an invitation link is handed to whoever created the account: the operator on the
 * server), or invited through the console, whose invitations are read from the invitee's
 * mailbox; enrolled through the API, codes from the test's clock.
 */

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

/** Calls the console's listener (t.opsConsole, built beside the customer app). */
export async function ops<T = unknown>(
  t: TestApp,
  path: string,
  body: unknown = {},
  token?: string,
): Promise<Reply<T>> {
  const response = await t.opsConsole.inject({
    method: 'POST',
    url: path.startsWith('/') ? path : `/ops/api/${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), headers: response.headers };
}

export const totpAt = (t: TestApp, secret: string) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

/** An address no other staff member of this run has. */
export const staffEmail = (role: StaffRole) => `${role}${++counter}.${process.pid}@ops.test`;

/** The invitation token of the newest invitation mailed to `email`; throws when none was. */
export function mailedInvitation(t: TestApp, email: string): string {
  const link = t.outbox
    .list(email)
    .map((mail) => /#invitation=([A-Za-z0-9_-]+)/.exec(mail.text))
    .find((match) => match !== null);
  if (!link) throw new Error(`no invitation was mailed to ${email}`);
  return link[1];
}

/** Accepts an invitation with PASSWORD and enrols an authenticator app: the person, signed in. */
export async function acceptAndEnrol(
  t: TestApp,
  invitation: string,
  who: { id: number; email: string; role: StaffRole },
): Promise<StaffMember> {
  const accepted = await ops<SignInAnswer>(t, 'invitation/accept', { invitation, password: PASSWORD });
  if (accepted.status !== 200) throw new Error(`invitation refused: ${accepted.body.message}`);
  const started = await ops<{ secret: string }>(t, 'enrolment/start', {}, accepted.body.data!.token);
  const secret = started.body.data!.secret;
  const confirmed = await ops<SignInAnswer & { recovery_codes: string[] }>(
    t,
    'enrolment/confirm',
    { code: await totpAt(t, secret) },
    accepted.body.data!.token,
  );
  if (confirmed.status !== 200) throw new Error(`enrolment refused: ${confirmed.body.message}`);
  return {
    ...who,
    token: confirmed.body.data!.token,
    secret,
    recoveryCodes: confirmed.body.data!.recovery_codes,
    async code() {
      t.clock.advance(30_000);
      return totpAt(t, secret);
    },
  };
}

/** A staff member of `role`, created from the command line, with a password and an authenticator app, signed in. */
export async function staffMember(t: TestApp, role: StaffRole): Promise<StaffMember> {
  const email = staffEmail(role);
  const invitation = await createStaff(
    t.ctx,
    { cli: 'test' },
    { email, name: `Staff ${counter}`, role },
    'http://127.0.0.1:3001',
  );
  const token = new URL(invitation.url).hash.replace('#invitation=', '');
  return acceptAndEnrol(t, token, { id: invitation.staff.id, email, role });
}

/** The same person signed in anew (password, then a fresh code): for after the clock ended their session. */
export async function signInAgain(t: TestApp, member: StaffMember): Promise<StaffMember> {
  const half = await ops<SignInAnswer>(t, 'sign-in', { email: member.email, password: PASSWORD });
  if (half.status !== 200) throw new Error(`password refused: ${half.body.message}`);
  const signedIn = await ops<SignInAnswer>(t, 'sign-in/code', { code: await member.code() }, half.body.data!.token);
  if (signedIn.status !== 200) throw new Error(`code refused: ${signedIn.body.message}`);
  return { ...member, token: signedIn.body.data!.token };
}

/** A customer's id, as staff see it on the console. */
export async function customerIdOf(t: TestApp, email: string): Promise<number> {
  return Number((await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
}
