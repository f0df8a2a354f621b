import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, SignInAnswer } from '../../../core/console';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';
import { CEREMONY_ENDED, PASSKEY_REFUSED } from '../../../server/services/account/passkeyCeremonies';
import { PASSKEY_REQUIRED } from '../../../server/console/services/staffPasskeys';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { createAccounts } from '../../support/api/bank';
import { backends } from '../../support/api/backends';
import { balance } from '../../support/api/purchases';
import { SoftAuthenticator, type Bend } from '../../support/api/softAuthenticator';
import { customerIdOf, ops, PASSWORD, staffMember, type StaffMember } from '../../support/api/staff';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * Staff passkeys: added by a signed-in staff member, then the second factor at sign-in and the
 * re-authentication of a maker and a checker; required for admin and finance once held, with the
 * recovery codes kept for a lost phone. Every refusal of a ceremony is tested: another challenge,
 * another origin (the customer app's, a look-alike's), a response sent again, a counter gone back.
 */
describe.each(backends)('staff passkeys on $name', (backend) => {
  const t = useTestApp(backend);
  let customer: SignedUp & { id: number };
  beforeAll(async () => {
    const signedUp = await signUp(t);
    customer = { ...signedUp, id: await customerIdOf(t, signedUp.email) };
    await createAccounts(t, customer.token);
  });
  const keyOf = () => new SoftAuthenticator(t.config.ops.passkeys.origin);

  async function started(path: string, token: string) {
    const reply = await ops<PasskeyCeremony>(t, path, {}, token);
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!;
  }

  async function addKey(member: StaffMember, key: SoftAuthenticator) {
    const start = await started('passkeys/add/start', member.token);
    const added = await ops<Passkey>(
      t,
      'passkeys/add',
      { ceremony: start.ceremony, response: key.register(start.options), name: 'Desk key' },
      member.token,
    );
    expect(added.status, added.body.message).toBe(200);
    return added.body.data!;
  }

  async function halfOpen(member: StaffMember) {
    const half = await ops<SignInAnswer>(t, 'sign-in', { email: member.email, password: PASSWORD });
    expect(half.status, half.body.message).toBe(200);
    return half.body.data!.token;
  }

  async function signInWithKey(member: StaffMember, key: SoftAuthenticator, bend: Bend = {}) {
    const token = await halfOpen(member);
    const start = await started('sign-in/passkey/start', token);
    const body = { ceremony: start.ceremony, response: key.assert(start.options, bend) };
    return { token, body, reply: await ops<SignInAnswer>(t, 'sign-in/passkey', body, token) };
  }

  async function confirmation(member: StaffMember, key: SoftAuthenticator, bend: Bend = {}) {
    const start = await started('passkeys/confirm/start', member.token);
    return { ceremony: start.ceremony, response: key.assert(start.options, bend) };
  }

  const audited = async (staffId: number, action: string) =>
    t.db
      .selectFrom('staff_audit')
      .select(['action', 'after'])
      .where('staff_id', '=', BigInt(staffId))
      .where('action', '=', action)
      .execute();

  it('signs a finance user in with a passkey, then refuses their authenticator codes but keeps the recovery codes', async () => {
    const member = await staffMember(t, 'finance');
    const key = keyOf();
    await addKey(member, key);
    const { reply } = await signInWithKey(member, key);
    expect(reply.status, reply.body.message).toBe(200);
    expect(reply.body.data).toMatchObject({ stage: 'signed-in', staff: { email: member.email } });
    expect((await audited(member.id, 'session.sign-in')).at(-1)?.after).toEqual({ factor: 'passkey' });

    const byCode = await ops(t, 'sign-in/code', { code: await member.code() }, await halfOpen(member));
    expect([byCode.status, byCode.body.message]).toEqual([403, PASSKEY_REQUIRED]);
    const lostPhone = await ops<SignInAnswer>(
      t,
      'sign-in/code',
      { code: member.recoveryCodes[0] },
      await halfOpen(member),
    );
    expect(lostPhone.status, lostPhone.body.message).toBe(200);
  });

  it('refuses another challenge, another origin, a replay and a counter gone back, counting each as a wrong code', async () => {
    const member = await staffMember(t, 'admin');
    const key = keyOf();
    await addKey(member, key);

    const otherChallenge = await signInWithKey(member, key, { challenge: 'bm90LXRoaXMtY2hhbGxlbmdlLWF0LWFsbA' });
    expect([otherChallenge.reply.status, otherChallenge.reply.body.message]).toEqual([403, PASSKEY_REFUSED]);
    // The customer app's own origin is not the console's.
    const customerOrigin = await signInWithKey(member, key, { origin: t.config.passkeys.origin });
    expect(customerOrigin.reply.status).toBe(403);
    const lookAlike = await signInWithKey(member, key, { origin: 'https://ops.naira-wallet.example.net' });
    expect(lookAlike.reply.status).toBe(403);

    const good = await signInWithKey(member, key);
    expect(good.reply.status).toBe(200);
    const replayed = await ops(t, 'sign-in/passkey', good.body, good.token);
    expect(replayed.status).toBe(401);
    const again = await halfOpen(member);
    const sentAgain = await ops(t, 'sign-in/passkey', good.body, again);
    expect([sentAgain.status, sentAgain.body.message]).toEqual([400, CEREMONY_ENDED]);

    const backwards = await signInWithKey(member, key, { counter: 1 });
    expect(backwards.reply.status).toBe(403);
    const refusals = await audited(member.id, 'session.passkey-refused');
    expect(refusals.map((row) => (row.after as { reason: string }).reason)).toEqual([
      'not-verified',
      'not-verified',
      'not-verified',
      'counter-went-back',
    ]);
    expect(await audited(member.id, 'session.wrong-code')).toHaveLength(4);
  });

  it('a maker asks with a code, a checker approves with a passkey, and the money moves once', async () => {
    const maker = await staffMember(t, 'finance');
    const checker = await staffMember(t, 'finance');
    const key = keyOf();
    await addKey(checker, key);
    const before = await balance(t, customer.token);
    const asked = await ops<MoneyRequest>(
      t,
      'money/requests/create',
      {
        kind: 'goodwill-credit',
        amount: 500,
        customer_id: customer.id,
        reason: 'A refund the biller never sent',
        code: await maker.code(),
      },
      maker.token,
    );
    expect(asked.status, asked.body.message).toBe(201);
    const id = asked.body.data!.id;

    const byCode = await ops(
      t,
      'money/requests/approve',
      { request_id: id, code: await checker.code() },
      checker.token,
    );
    expect([byCode.status, byCode.body.message]).toEqual([403, PASSKEY_REQUIRED]);
    const otherChallenge = await confirmation(checker, key, { challenge: 'YW5vdGhlci1jaGFsbGVuZ2UtZW50aXJlbHk' });
    const notThisOne = await ops(
      t,
      'money/requests/approve',
      { request_id: id, passkey: otherChallenge },
      checker.token,
    );
    expect([notThisOne.status, notThisOne.body.message]).toEqual([403, PASSKEY_REFUSED]);
    const wrongOrigin = await confirmation(checker, key, { origin: 'https://phish.example.com' });
    const refused = await ops(t, 'money/requests/approve', { request_id: id, passkey: wrongOrigin }, checker.token);
    expect([refused.status, refused.body.message]).toEqual([403, PASSKEY_REFUSED]);
    expect(await balance(t, customer.token)).toBe(before);

    const passkey = await confirmation(checker, key);
    const approved = await ops<MoneyRequest>(t, 'money/requests/approve', { request_id: id, passkey }, checker.token);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data?.status).toBe('approved');
    expect(await balance(t, customer.token)).toBe(before + 500);
    const replayed = await ops(t, 'money/requests/approve', { request_id: id, passkey }, checker.token);
    expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    expect(await balance(t, customer.token)).toBe(before + 500);
  });

  it('refuses a registration for another challenge or origin, or sent again', async () => {
    const member = await staffMember(t, 'support');
    const key = keyOf();
    const register = async (bend: Bend) => {
      const start = await started('passkeys/add/start', member.token);
      const body = { ceremony: start.ceremony, response: key.register(start.options, bend), name: 'Desk key' };
      return { body, reply: await ops(t, 'passkeys/add', body, member.token) };
    };
    const otherChallenge = await register({ challenge: 'YW5vdGhlci1jaGFsbGVuZ2UtZW50aXJlbHk' });
    expect([otherChallenge.reply.status, otherChallenge.reply.body.message]).toEqual([403, PASSKEY_REFUSED]);
    expect((await register({ origin: t.config.passkeys.origin })).reply.status).toBe(403);
    const made = await register({});
    expect(made.reply.status).toBe(200);
    const replayed = await ops(t, 'passkeys/add', made.body, member.token);
    expect([replayed.status, replayed.body.message]).toEqual([400, CEREMONY_ENDED]);
    const listed = await ops<Passkey[]>(t, 'passkeys/list', {}, member.token);
    expect(listed.body.data).toHaveLength(1);
  });

  it('a maker with a passkey asks with it', async () => {
    const maker = await staffMember(t, 'finance');
    const key = keyOf();
    await addKey(maker, key);
    const passkey = await confirmation(maker, key);
    const body = {
      kind: 'goodwill-credit',
      amount: 100,
      customer_id: customer.id,
      reason: 'A refund owed to them',
      passkey,
    };
    const asked = await ops<MoneyRequest>(t, 'money/requests/create', body, maker.token);
    expect(asked.status, asked.body.message).toBe(201);
  });

  it('a support user may keep using codes; an admin reset removes the passkeys', async () => {
    const support = await staffMember(t, 'support');
    await addKey(support, keyOf());
    const byCode = await ops(t, 'sign-in/code', { code: await support.code() }, await halfOpen(support));
    expect(byCode.status).toBe(200);
    const listed = await ops<Passkey[]>(t, 'passkeys/list', {}, support.token);
    expect(listed.body.data).toHaveLength(1);

    const admin = await staffMember(t, 'admin');
    const reset = await ops(t, 'staff/reset', { staff_id: support.id }, admin.token);
    expect(reset.status, reset.body.message).toBe(200);
    const left = await t.db
      .selectFrom('staff_passkeys')
      .select('id')
      .where('staff_id', '=', BigInt(support.id))
      .execute();
    expect(left).toEqual([]);
  });
});
