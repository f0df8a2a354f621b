import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { allows, STAFF_ROLES, type StaffOutcome, type StaffRole } from '../../../core/console';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { startTestApp, tightLimits, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { mailedInvitation, ops, PASSWORD, staffMember, totpAt, type StaffMember } from '../../support/api/staff';

/**
 * The operator console's doors: every console route refuses a customer's token and a staff token
 * of a role below its permission (the server decides, not a hidden button); staff tokens mean
 * nothing to the customer API; the audit refuses to be changed; signing in takes the password
 * and a code that is good once.
 */
describe.each(backends)('operator console access on $name', (backend) => {
  let customer: SignedUp;
  const staff = {} as Record<StaffRole, StaffMember>;
  const t = useTestApp(backend);
  beforeAll(async () => {
    customer = await signUp(t);
    for (const role of STAFF_ROLES) staff[role] = await staffMember(t, role);
  });

  it('declares who may call each of its routes, and refuses a customer token on every one', async () => {
    const routes = t.opsConsole.consoleRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const route of routes.filter((candidate) => !('open' in candidate.access))) {
      const reply = await ops(t, route.url, {}, customer.token);
      expect(reply.status, `${route.url} with a customer token`).toBe(401);
      expect((await ops(t, route.url, {})).status, `${route.url} without a token`).toBe(401);
    }
  });

  it('refuses a staff token of a role the permission does not allow (403), on every route, before reading the request', async () => {
    const guarded = t.opsConsole.consoleRoutes.filter((route) => 'permission' in route.access);
    let refusals = 0;
    for (const route of guarded) {
      const permission = (route.access as { permission: Parameters<typeof allows>[1] }).permission;
      for (const role of STAFF_ROLES.filter((candidate) => !allows(candidate, permission))) {
        const reply = await ops(t, route.url, {}, staff[role].token);
        expect(reply.status, `${route.url} as ${role}`).toBe(403);
        expect(reply.body.message).toBe(`your role (${role}) may not do this`);
        refusals++;
      }
    }
    // Support is refused every finance and admin route, finance every admin route.
    expect(refusals).toBeGreaterThanOrEqual(12);
  });

  it('refuses a support user a money action on the server', async () => {
    const reply = await ops(
      t,
      'money/requests/create',
      { kind: 'goodwill-credit', customer_id: 1, amount: '100', reason: 'trying my luck here', code: '123456' },
      staff.support.token,
    );
    expect(reply.status).toBe(403);
    expect(await t.db.selectFrom('money_requests').select('id').execute()).toEqual([]);
  });

  it('gives staff tokens no meaning on the customer API, and serves no console on the customer port', async () => {
    expect((await t.call('/api/get-user', { token: staff.admin.token })).status).toBe(401);
    expect((await t.call('/ops/api/glance', { token: staff.admin.token })).status).toBe(404);
    expect((await ops(t, 'glance', {}, staff.admin.token)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/console.html' })).statusCode).not.toBe(200);
  });

  it('refuses updates, deletes and truncation of the audit, whoever asks', async () => {
    expect(
      Number(
        (await sql<{ count: string }>`SELECT count(*)::text AS count FROM staff_audit`.execute(t.db)).rows[0].count,
      ),
    ).toBeGreaterThan(0);
    await expect(sql`UPDATE staff_audit SET actor = 'someone else'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM staff_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE staff_audit`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('signs in with the password, then a code good once, under a new token; a recovery code once', async () => {
    const member = staff.finance;
    const first = await ops<{ token: string; stage: string }>(t, 'sign-in', {
      email: member.email,
      password: PASSWORD,
    });
    expect(first.body.data!.stage).toBe('second-factor');
    const halfOpen = first.body.data!.token;
    // Half-open: nothing but the code.
    expect((await ops(t, 'glance', {}, halfOpen)).status).toBe(401);
    const code = await member.code();
    const signedIn = await ops<{ token: string }>(t, 'sign-in/code', { code }, halfOpen);
    expect(signedIn.status).toBe(200);
    // The rule was that the half-open token became the signed-in one: now it ends, and a new one is answered.
    expect((await ops(t, 'glance', {}, halfOpen)).status).toBe(401);
    expect((await ops(t, 'glance', {}, signedIn.body.data!.token)).status).toBe(200);

    const again = (await ops<{ token: string }>(t, 'sign-in', { email: member.email, password: PASSWORD })).body.data!
      .token;
    const replay = await ops(t, 'sign-in/code', { code }, again);
    expect(replay.status).toBe(403);
    expect(replay.body.message).toMatch(/already used/);
    const recovery = member.recoveryCodes[0];
    expect((await ops(t, 'sign-in/code', { code: recovery.toLowerCase() }, again)).status).toBe(200);
    const third = (await ops<{ token: string }>(t, 'sign-in', { email: member.email, password: PASSWORD })).body.data!
      .token;
    expect((await ops(t, 'sign-in/code', { code: recovery }, third)).status).toBe(403);
  });

  it('makes an account wait after wrong passwords, without keeping out its owner, who has the code too', async () => {
    const victim = await staffMember(t, 'support');
    const wrong = { email: victim.email, password: 'not the password' };
    for (let attempt = 0; attempt < 5; attempt++) expect((await ops(t, 'sign-in', wrong)).status).toBe(401);
    // The rule was a 429 for the owner too, for 15 minutes: anyone knowing the e-mail could keep its owner out.
    const waiting = await ops<{ token: string }>(t, 'sign-in', { email: victim.email, password: PASSWORD });
    expect(waiting.status).toBe(200);
    expect((await ops(t, 'sign-in/code', { code: await victim.code() }, waiting.body.data!.token)).status).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await ops(t, 'sign-in', { email: victim.email, password: PASSWORD })).status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await ops(t, 'sign-in', { email: 'nobody@ops.test', password: PASSWORD });
    const wrong = await ops(t, 'sign-in', { email: staff.admin.email, password: 'Wrong-password-1' });
    expect([unknown.status, unknown.body.message]).toEqual([wrong.status, wrong.body.message]);
  });

  it('lets an admin invite, disable (ending every session) and reset staff; the invitation is good once', async () => {
    // The lockout above moved the clock past the idle time of every session: an admin signs in anew.
    staff.admin = await staffMember(t, 'admin');
    const email = `new.${process.pid}@ops.test`;
    const invite = { email, name: 'New Person', role: 'support' };
    const created = await ops<StaffOutcome>(t, 'staff/create', invite, staff.admin.token);
    expect(created.status).toBe(201);
    // The link goes to the invitee's mailbox; the admin is told only where it went.
    expect(created.body.data!.invitation).toMatchObject({ sent_to: email });
    expect(JSON.stringify(created.body)).not.toMatch(/invitation=/);
    const invitation = mailedInvitation(t, email);
    expect((await ops(t, 'invitation/accept', { invitation, password: PASSWORD })).status).toBe(200);
    expect((await ops(t, 'invitation/accept', { invitation, password: PASSWORD })).status).toBe(401);

    const target = await staffMember(t, 'support');
    expect((await ops(t, 'staff/update', { staff_id: target.id, disabled: true }, staff.admin.token)).status).toBe(200);
    expect((await ops(t, 'glance', {}, target.token)).status).toBe(401);
    expect((await ops(t, 'sign-in', { email: target.email, password: PASSWORD })).status).toBe(401);
    expect(
      (await ops(t, 'staff/update', { staff_id: staff.admin.id, role: 'support' }, staff.admin.token)).status,
    ).toBe(409);

    // A lost phone: a reset ends the sessions and clears the password and authenticator; a new
    // invitation, mailed to the owner, sets them again. A finance account's reset needs a second admin.
    const lost = await staffMember(t, 'finance');
    const second = await staffMember(t, 'admin');
    const asked = await ops<StaffOutcome>(t, 'staff/reset', { staff_id: lost.id }, staff.admin.token);
    expect(asked.status).toBe(202);
    const approval = { change_id: asked.body.data!.change!.id, code: await second.code() };
    const reset = await ops(t, 'staff/changes/approve', approval, second.token);
    expect(reset.status, reset.body.message).toBe(200);
    expect((await ops(t, 'glance', {}, lost.token)).status).toBe(401);
    expect((await ops(t, 'sign-in', { email: lost.email, password: PASSWORD })).status).toBe(401);
    const renewed = mailedInvitation(t, lost.email);
    const accepted = await ops<{ stage: string }>(t, 'invitation/accept', { invitation: renewed, password: PASSWORD });
    expect(accepted.body.data!.stage).toBe('enrolment');
    const audit = await ops<{ action: string }[]>(t, 'audit/list', { action: 'staff.' }, staff.admin.token);
    expect(audit.body.data!.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'staff.create',
        'staff.update',
        'staff.change-request',
        'staff.change-approve',
        'staff.reset',
        'staff.accept-invitation',
      ]),
    );
  });

  it('computes the same codes as an authenticator app would (RFC 6238 test vector)', async () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890" (base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ) at 59 s gives 94287082 (8 digits); its last six are the 6-digit code.
    const at59 = { ...t, clock: { now: () => new Date(59_000) } } as TestApp;
    expect(await totpAt(at59, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toBe('287082');
  });
});

describe('the console’s sign-in per address', () => {
  it('answers 429 once one address has tried too many passwords, whatever the accounts', async () => {
    const t = await startTestApp(backends[0], { config: { rateLimits: tightLimits(3) } });
    try {
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await ops(t, 'sign-in', { email: `nobody${attempt}@ops.test`, password: PASSWORD })).status).toBe(401);
      const refused = await ops(t, 'sign-in', { email: 'someone@ops.test', password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/too many attempts from this address/);
    } finally {
      await t.close();
    }
  });
});
