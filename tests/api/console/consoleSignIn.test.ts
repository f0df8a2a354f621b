import { describe, expect, it } from 'vitest';
import type { SignInAnswer } from '../../../core/console';
import { USED_CODE, WRONG_CODE } from '../../../server/console/services/secondFactor';
import { NOT_CONFIRMED } from '../../../server/console/services/signIn';
import type { DatabaseHandle } from '../../../server/db/database';
import { hashPassword } from '../../../server/services/account/passwords';
import { startTestApp, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { acceptAndEnrol, ops, PASSWORD, staffMember, totpAt, type StaffMember } from '../../support/api/staff';
import { resetStaff } from '../../../server/console/services/staffAccounts';
import { useTestApp } from '../../support/api/useTestApp';

const MINUTE = 60_000;
const NOT_A_CODE = '000000';
const LOCKED = /^too many wrong codes: sign-in is locked until \d\d:\d\d UTC, or ask an admin to reset your account/;

/**
 * Signing in to the console, attacked: a guesser holding a staff member's password against the
 * code; a stranger holding only the e-mail against its owner; a half-open token kept after the
 * sign-in; a replica whose clock is behind. Each test is the attack, through the console's port.
 */
describe.each(backends)('the console’s sign-in, attacked, on $name', (backend) => {
  const t = useTestApp(backend);

  const password = (email: string, typed = PASSWORD, app: TestApp = t) =>
    ops<SignInAnswer>(app, 'sign-in', { email, password: typed });
  const halfOpen = async (member: StaffMember, app: TestApp = t) => {
    const reply = await password(member.email, PASSWORD, app);
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!.token;
  };
  const code = (typed: string, token: string, app: TestApp = t) =>
    ops<SignInAnswer>(app, 'sign-in/code', { code: typed }, token);
  const audited = async (member: StaffMember) => {
    const rows = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('staff_id', '=', BigInt(member.id))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  };
  const halfOpenSessions = (member: StaffMember) =>
    t.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', BigInt(member.id))
      .where('stage', '!=', 'signed-in')
      .where('revoked_at', 'is', null)
      .execute();

  it('counts wrong codes on the account, which a right password does not clear: the fifth locks it', async () => {
    const member = await staffMember(t, 'finance');
    // The attacker has the password: four wrong codes, then the password again to start over.
    const first = await halfOpen(member);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await code(NOT_A_CODE, first)).toMatchObject({ status: 403, body: { message: WRONG_CODE } });
    }
    const second = await halfOpen(member);
    const fifth = await code(NOT_A_CODE, second);
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toMatch(LOCKED);

    // Locked: the password is not even checked, and a right code on any session of before is refused.
    const refused = await password(member.email);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LOCKED);
    expect((await code(await member.code(), second)).status).toBe(401);
    expect((await code(await member.code(), first)).status).toBe(401);
    expect(await audited(member)).toContain('session.code-lock');
    expect((await audited(member)).filter((action) => action === 'session.wrong-code')).toHaveLength(5);

    // The lock ends: the owner signs in; the right code clears the count.
    t.clock.advance(16 * MINUTE);
    expect((await code(await member.code(), await halfOpen(member))).status).toBe(200);
    const later = await halfOpen(member);
    for (let attempt = 0; attempt < 4; attempt++) expect((await code(NOT_A_CODE, later)).status).toBe(403);
  });

  it('ends the half-open sessions at the lock: the owner’s, opened before, cannot use a right code', async () => {
    const member = await staffMember(t, 'support');
    const owners = await halfOpen(member);
    const attackers = await halfOpen(member);
    for (let attempt = 0; attempt < 4; attempt++) expect((await code(NOT_A_CODE, attackers)).status).toBe(403);
    expect((await code(NOT_A_CODE, attackers)).status).toBe(401);

    expect(await halfOpenSessions(member)).toEqual([]);
    expect((await code(await member.code(), owners)).status).toBe(401);
    expect((await ops(t, 'glance', {}, owners)).status).toBe(401);
  });

  it('lets the owner sign in with the password and a code whatever wrong passwords a stranger typed', async () => {
    const member = await staffMember(t, 'admin');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await password(member.email, 'Not-the-password-1')).status).toBe(401);
    }

    // The account waits: a password is no longer said right or wrong, however many the stranger types.
    const strangers = await password(member.email, 'Not-the-password-2');
    const owners = await password(member.email);
    expect(strangers.status).toBe(200);
    const seen = ({ status, body }: typeof owners) => [status, body.message, body.data!.stage, body.data!.staff];
    expect(seen(strangers)).toEqual(seen(owners));
    for (let attempt = 0; attempt < 20; attempt++) await password(member.email, `Not-the-password-${attempt}`);

    // A wrong password is refused at the code, the right code too, as a right password with a wrong code is.
    const rightCode = await member.code();
    const refused = { status: 401, body: { message: NOT_CONFIRMED } };
    expect(await code(rightCode, strangers.body.data!.token)).toMatchObject(refused);
    const rightPassword = (await password(member.email)).body.data!.token;
    expect(await code(NOT_A_CODE, rightPassword)).toMatchObject(refused);

    // The owner: the password, then the code (which the stranger's try did not spend).
    const signedIn = await code(rightCode, owners.body.data!.token);
    expect(signedIn.status, signedIn.body.message).toBe(200);
    expect((await ops(t, 'glance', {}, signedIn.body.data!.token)).status).toBe(200);
    expect((await audited(member)).filter((action) => action === 'session.wrong-password')).toHaveLength(26);
    expect(await audited(member)).toContain('session.password-wait');
  });

  it('answers a new token at the sign-in: the half-open one no longer opens anything', async () => {
    const member = await staffMember(t, 'support');
    const half = await halfOpen(member);
    const signedIn = await code(await member.code(), half);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data!.token).not.toBe(half);
    expect((await ops(t, 'glance', {}, half)).status).toBe(401);
    expect((await ops(t, 'glance', {}, signedIn.body.data!.token)).status).toBe(200);
    expect((await ops(t, 'sign-out', {}, half)).status).toBe(401);
  });

  it('answers a new token at the enrolment: the session of the password no longer opens anything', async () => {
    // An account whose invitation was accepted (its password chosen), its authenticator not set up yet.
    const email = `enrolling.${process.pid}@ops.test`;
    const account = { email, name: 'New Desk', role: 'support' as const, created_at: t.clock.now() };
    await t.db
      .insertInto('staff')
      .values({ ...account, password_hash: await hashPassword(PASSWORD) })
      .execute();
    const half = await password(email);
    expect(half.body.data!.stage).toBe('enrolment');
    const enrolling = half.body.data!.token;
    const { secret } = (await ops<{ secret: string }>(t, 'enrolment/start', {}, enrolling)).body.data!;
    const done = await ops<SignInAnswer>(t, 'enrolment/confirm', { code: await totpAt(t, secret) }, enrolling);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data!.token).not.toBe(enrolling);
    expect((await ops(t, 'glance', {}, enrolling)).status).toBe(401);
    expect((await ops(t, 'glance', {}, done.body.data!.token)).status).toBe(200);
  });

  it('counts codes guessed from a signed-in session (a money request) with the sign-in codes: the fifth locks and ends it', async () => {
    const member = await staffMember(t, 'finance');
    const customer = (await t.db.selectFrom('users').select('id').executeTakeFirst())?.id ?? 1n;
    // A stolen signed-in session guessing the code every money action asks for.
    const ask = (typed: string, token = member.token) =>
      ops(
        t,
        'money/requests/create',
        {
          kind: 'goodwill-credit',
          customer_id: Number(customer),
          amount: '50',
          reason: 'A reason long enough',
          code: typed,
        },
        token,
      );
    // One wrong code at sign-in first: the count is the account's, wherever the code was typed.
    const half = await halfOpen(member);
    expect((await code(NOT_A_CODE, half)).status).toBe(403);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await ask(NOT_A_CODE)).toMatchObject({ status: 403, body: { message: WRONG_CODE } });
    }
    const fifth = await ask(NOT_A_CODE);
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toMatch(LOCKED);
    // Every session of the account ended; no code is taken until the lock ends, at sign-in or here.
    expect((await ops(t, 'glance', {}, member.token)).status).toBe(401);
    expect((await password(member.email)).status).toBe(429);
    expect(
      await t.db.selectFrom('money_requests').select('id').where('maker_id', '=', BigInt(member.id)).execute(),
    ).toEqual([]);
    expect((await audited(member)).filter((action) => action === 'session.code-lock')).toHaveLength(1);
    t.clock.advance(16 * MINUTE);
    expect((await code(await member.code(), await halfOpen(member))).status).toBe(200);
  });

  it('lets an account locked by guessed codes in again once an admin resets it, as the refusal says', async () => {
    const member = await staffMember(t, 'support');
    const half = await halfOpen(member);
    for (let attempt = 0; attempt < 5; attempt++) await code(NOT_A_CODE, half);
    expect((await password(member.email)).status).toBe(429);
    const reset = await resetStaff(t.ctx, { cli: 'test' }, BigInt(member.id), 'http://127.0.0.1:3001');
    const invitation = new URL(reset.url).hash.replace('#invitation=', '');
    // Well within the lock: the holder of the new invitation signs in with their new phone.
    const renewed = await acceptAndEnrol(t, invitation, member);
    expect((await ops(t, 'glance', {}, renewed.token)).status).toBe(200);
    expect((await code(await renewed.code(), await halfOpen(renewed))).status).toBe(200);
  });

  it('answers a right code on a replica whose clock is behind with a clear 403, never a 500', async () => {
    const member = await staffMember(t, 'finance');
    // Signed in on this replica at this step; the other replica's clock is two minutes behind.
    expect((await code(await member.code(), await halfOpen(member))).status).toBe(200);
    const database: DatabaseHandle = { db: t.db, embedded: backend.name === 'pglite', close: async () => {} };
    const clock = new ManualClock(new Date(t.clock.now().getTime() - 2 * MINUTE));
    const behind = await startTestApp(backend, { database, clock });
    try {
      const session = await halfOpen(member, behind);
      // A right code never used, newer than any step the lagging clock accepts: refused as used.
      const fresh = await member.code();
      expect(await code(fresh, session, behind)).toMatchObject({ status: 403, body: { message: USED_CODE } });
      // Its clock caught up, the next code is taken there.
      behind.clock.advance(2 * MINUTE + 30_000);
      expect((await code(await member.code(), session, behind)).status).toBe(200);
    } finally {
      await behind.close();
    }
  });
});
