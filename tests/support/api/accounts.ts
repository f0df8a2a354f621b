import { expect } from 'vitest';
import { developmentCaptchaToken } from '../../../core/captcha';
import type { UserData } from '../../../core/contract';
import { recordTier3Decision } from '../../../server/services/identity/kycDecisions';
import { openUserField } from '../../../server/services/account/userData';
import type { TestApp } from './app';
import { SIMULATED_DATE_OF_BIRTH as BORN } from '../../../server/gateways/simulatedIdentity';

let sequence = 0;

export interface Person {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Someone new: a unique e-mail per call, so the tests of a file never share an account. */
export function newPerson(overrides: Partial<Person> = {}): Person {
  sequence += 1;
  return {
    name: 'Chioma Okafor',
    email: `chioma.${process.pid}.${Date.now()}.${sequence}@example.com`,
    phone: '08031234567',
    password: 'correct horse battery',
    ...overrides,
  };
}

export const registerBody = (person: Person) => ({
  device: 'web',
  ...person,
  confirm_password: person.password,
  token: developmentCaptchaToken('register'),
});

export interface SignedUp extends Person {
  token: string;
  user: UserData;
}

export async function signUp(t: TestApp, overrides: Partial<Person> = {}): Promise<SignedUp> {
  const person = newPerson(overrides);
  const reply = await t.call<UserData>('/api/register', { body: registerBody(person) });
  expect(reply.status, reply.body.message).toBe(201);
  return { ...person, token: reply.body.data!.token, user: reply.body.data! };
}

/** The newest mail to `email` with this subject. */
export function latestMail(t: TestApp, email: string, subject: string) {
  const mail = t.outbox.list(email).find((m) => m.subject === subject);
  if (!mail) throw new Error(`no "${subject}" mail to ${email}`);
  return mail;
}

export const latestCode = (t: TestApp, email: string) =>
  /\b(\d{4})\b/.exec(latestMail(t, email, 'Your verification code').text)![1];

export const resetTokenFrom = (t: TestApp, email: string) =>
  /\/reset\?token=([A-Za-z0-9_-]+)/.exec(latestMail(t, email, 'Reset your Naira Wallet password').text)![1];

/** A phone number of its own, so that the texts of one test's account are never another's. */
export function newPhone(): string {
  sequence += 1;
  return `0803${String((process.pid * 1_000 + sequence) % 10_000_000).padStart(7, '0')}`;
}

/** The code of the newest text to `phone`, read off its last line (`@<host> #<code>`). */
export function latestPhoneCode(t: TestApp, phone: string): string {
  const [text] = t.texts.list(phone);
  if (!text) throw new Error(`no text to ${phone}`);
  return /#(\d+)$/.exec(text.text)![1];
}

/** Proves the account's phone with the code texted to it, as /profile does. */
export async function verifyPhone(t: TestApp, account: { token: string; phone: string }): Promise<UserData> {
  const sent = await t.call('/api/send-phone-code', { token: account.token });
  expect(sent.status, sent.body.message).toBe(200);
  const reply = await t.call<UserData>('/api/verify-phone', {
    token: account.token,
    body: { otp: latestPhoneCode(t, account.phone) },
  });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data!;
}

/** Signed up and verified (the SPA's path: resend on opening /verify-email, then the code). */
export async function signUpVerified(t: TestApp, overrides: Partial<Person> = {}): Promise<SignedUp> {
  const account = await signUp(t, overrides);
  expect((await t.call('/api/resend-otp', { token: account.token })).status).toBe(200);
  const reply = await t.call<UserData>('/api/verify-otp', {
    token: account.token,
    body: { otp: latestCode(t, account.email) },
  });
  expect(reply.status, reply.body.message).toBe(200);
  return { ...account, user: reply.body.data! };
}

/** The transaction pin as stored (sealed at rest): what a test reads now that no answer carries it. */
export async function storedPin(t: TestApp, email: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'pin_sealed'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return openUserField(t.ctx, user.id, 'pin', user.pin_sealed);
}

/** The newest pin reset code e-mailed to `email` (Forgot pin?). */
export const latestPinResetCode = (t: TestApp, email: string) =>
  /\b(\d{4})\b/.exec(latestMail(t, email, 'Your transaction pin reset code').text)![1];

/**
 * A BVN or NIN of its own that the simulated provider verifies (docs/development.md, "Identity checks": any
 * number not ending in 000, 111, 222 or 999), with its holder's date of birth
 * (SIMULATED_DATE_OF_BIRTH) and the account's phone.
 */
export function identityNumber(): string {
  return `${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}5`;
}

/**
 * Verifies a BVN and a NIN of the account's name with the simulated provider (tier 2, and the
 * partners open the accounts), then records an operator's address decision: tier 3
 * (core/tiers.ts), so that limits stand in the way of no test but theirs.
 */
export async function verifyIdentities(t: TestApp, account: SignedUp): Promise<UserData> {
  const numbers = { bvn: identityNumber(), nin: identityNumber(), date_of_birth: BORN };
  const reply = await t.call<UserData>('/api/update-profile', {
    token: account.token,
    body: { device: 'web', name: account.name, phone: account.phone, ...numbers },
  });
  expect(reply.status, reply.body.message).toBe(200);
  expect(reply.body.data!.limits.tier).toBe(2);
  const decided = await recordTier3Decision(t.db, {
    email: account.email,
    address: '12 Adeola Odeku Street, Victoria Island, Lagos',
    decidedBy: 'Test Operator',
    note: '',
    now: t.clock.now(),
  });
  expect(decided).toEqual({ status: 'recorded' });
  const user = await t.call<UserData>('/api/get-user', { token: account.token });
  expect(user.body.data!.limits.tier).toBe(3);
  return user.body.data!;
}

/** Verified, with a transaction pin. */
export async function signUpWithPin(t: TestApp, pin = '4826', overrides: Partial<Person> = {}): Promise<SignedUp> {
  const account = await signUpVerified(t, overrides);
  const reply = await t.call<UserData>('/api/set-pin', { token: account.token, body: { pin, confirm_pin: pin } });
  expect(reply.status, reply.body.message).toBe(200);
  return { ...account, user: reply.body.data! };
}
