import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  MoneyRequest,
  StaffChange,
  StaffMember as Account,
  StaffOutcome,
} from '../../../core/console';
import { signUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { useTestApp } from '../../support/api/useTestApp';
import {
  acceptAndEnrol,
  customerIdOf,
  mailedInvitation,
  ops,
  PASSWORD,
  signInAgain,
  staffEmail,
  staffMember,
  type StaffMember,
} from '../../support/api/staff';

const DAY_MS = 24 * 60 * 60_000;
/** Anything in an answer that could open an invitation. */
const LINK = /invitation=|\/setup#|#invitation/;

/**
 * No single person can both make and approve a money movement. The attacks: an admin who
 * creates or resets an account opens its invitation themselves and holds a second identity; one
 * admin alone creates, resets or raises a finance or admin identity; the maker of a money request
 * approves it through an identity they made, or through one that changed hands a moment ago.
 */
describe.each(backends)('staff changes that need two admins on $name', (backend) => {
  const t = useTestApp(backend);
  let maker: StaffMember;
  let approver: StaffMember;
  let customerId: number;
  beforeAll(async () => {
    [maker, approver] = [await staffMember(t, 'admin'), await staffMember(t, 'admin')];
    customerId = await customerIdOf(t, (await signUp(t)).email);
  });

  const ask = (path: string, body: object, by = maker) => ops<StaffOutcome>(t, `staff/${path}`, body, by.token);
  const approve = async (change: number, by = approver) =>
    ops<StaffOutcome>(t, 'staff/changes/approve', { change_id: change, code: await by.code() }, by.token);
  const account = async (email: string) =>
    (await ops<Account[]>(t, 'staff/list', {}, approver.token)).body.data!.find((member) => member.email === email);
  /** Every mail that carries an invitation link, to whom it went. */
  const invitationRecipients = () =>
    t.outbox
      .list()
      .filter((mail) => LINK.test(mail.text))
      .map((mail) => mail.to);

  /** A finance or admin account asked for by `maker` and approved by `approver`, its invitation accepted from the mailbox. */
  async function approvedAccount(role: 'finance' | 'admin', by = maker, second = approver): Promise<StaffMember> {
    const email = staffEmail(role);
    const asked = await ask('create', { email, name: 'Funmi Bello', role }, by);
    expect(asked.status, asked.body.message).toBe(202);
    const approved = await approve(asked.body.data!.change!.id, second);
    expect(approved.status, approved.body.message).toBe(200);
    return acceptAndEnrol(t, mailedInvitation(t, email), { id: approved.body.data!.staff!.id, email, role });
  }

  const moneyRequest = async (by: StaffMember) => {
    const asked = await ops<MoneyRequest>(
      t,
      'money/requests/create',
      {
        kind: 'goodwill-credit',
        customer_id: customerId,
        amount: '25',
        reason: 'Airtime delivered late twice this week',
        code: await by.code(),
      },
      by.token,
    );
    expect(asked.status, asked.body.message).toBe(201);
    return asked.body.data!.id;
  };
  const approveMoney = async (id: number, by: StaffMember) =>
    ops<MoneyRequest>(t, 'money/requests/approve', { request_id: id, code: await by.code() }, by.token);
  const rejectMoney = (id: number, by: StaffMember) =>
    ops<MoneyRequest>(t, 'money/requests/reject', { request_id: id, note: 'Not enough evidence' }, by.token);

  it('answers an admin who creates a finance account no link, creates nothing until a second admin approves, and mails the invitation to the invitee alone', async () => {
    const email = staffEmail('finance');
    const mailedBefore = invitationRecipients().length;
    const asked = await ask('create', { email, name: 'Funmi Bello', role: 'finance' });
    expect(asked.status, asked.body.message).toBe(202);
    expect(JSON.stringify(asked.body)).not.toMatch(LINK);
    expect(asked.body.data).toMatchObject({
      staff: null,
      invitation: null,
      change: { kind: 'create', status: 'pending', email, role: 'finance', maker: maker.email },
    });
    // Nothing exists yet: no account to sign in to, no invitation anywhere.
    expect(await account(email)).toBeUndefined();
    expect(invitationRecipients().length).toBe(mailedBefore);
    const change = asked.body.data!.change!.id;

    // The admin who asked cannot approve it, and spends no code trying.
    const own = await approve(change, maker);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('you asked for this yourself: another admin must approve it');
    // The refused attempt is in the audit, though its own transaction rolled back.
    const refused = await ops<AuditEntry[]>(t, 'audit/list', { action: 'staff.refused' }, approver.token);
    expect(refused.body.data![0]).toMatchObject({
      actor: maker.email,
      subject: `staff-change:${change}`,
      after: { attempted: 'staff.change-approve', reason: own.body.message },
    });

    const approved = await approve(change);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.message).toBe(`approved: account created, invitation sent to ${email}`);
    expect(JSON.stringify(approved.body)).not.toMatch(LINK);
    expect(approved.body.data).toMatchObject({
      staff: { email, role: 'finance', invitation_pending: true },
      invitation: { sent_to: email },
      change: { status: 'approved', checker: approver.email },
    });
    // The invitation went to the invitee's address and nowhere else; neither admin can sign in as them.
    expect(invitationRecipients().slice(mailedBefore)).toEqual([email]);
    expect((await ops(t, 'sign-in', { email, password: PASSWORD })).status).toBe(401);
    const invitee = await acceptAndEnrol(t, mailedInvitation(t, email), {
      id: approved.body.data!.staff!.id,
      email,
      role: 'finance',
    });
    expect((await ops(t, 'glance', {}, invitee.token)).status).toBe(200);

    // Approved once: a replay is refused and changes nothing.
    const replay = await approve(change);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('this change was already approved: nothing was done');

    // Each step is in the audit, with who did it.
    const audit = (await ops<AuditEntry[]>(t, 'audit/list', { action: 'staff.' }, approver.token)).body.data!;
    const about = (action: string) =>
      audit.find((entry) => entry.action === action && JSON.stringify(entry).includes(email));
    expect(about('staff.change-request')).toMatchObject({ actor: maker.email, subject: `staff-change:${change}` });
    expect(about('staff.change-approve')).toMatchObject({ actor: approver.email, subject: `staff-change:${change}` });
    expect(about('staff.create')).toMatchObject({
      actor: approver.email,
      after: { email, role: 'finance', invitation_sent_to: email, asked_by: maker.email },
    });
    expect(about('staff.accept-invitation')).toMatchObject({ actor: email });
  });

  it('creates a support account at once, and mails its invitation to the invitee: the answer says where it went, never what it was', async () => {
    const email = staffEmail('support');
    const created = await ask('create', { email, name: 'Sade Ojo', role: 'support' });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.message).toBe(`account created: invitation sent to ${email}`);
    expect(JSON.stringify(created.body)).not.toMatch(LINK);
    expect(created.body.data).toMatchObject({
      staff: { email, role: 'support' },
      invitation: { sent_to: email },
      change: null,
    });
    expect(t.outbox.list(email)[0]).toMatchObject({ subject: 'Your invitation to the Naira Wallet console' });
    expect(t.outbox.list(maker.email).some((mail) => LINK.test(mail.text))).toBe(false);
  });

  it('resets a finance account only once a second admin approves: until then its owner keeps working; then the new invitation goes to the owner', async () => {
    const owner = await staffMember(t, 'finance');
    const asked = await ask('reset', { staff_id: owner.id });
    expect(asked.status, asked.body.message).toBe(202);
    expect(JSON.stringify(asked.body)).not.toMatch(LINK);
    expect(asked.body.data!.change).toMatchObject({ kind: 'reset', staff_id: owner.id, email: owner.email });
    expect((await ops(t, 'glance', {}, owner.token)).status).toBe(200);

    const approved = await approve(asked.body.data!.change!.id);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.message).toBe(`approved: account reset, a new invitation was sent to ${owner.email}`);
    expect(JSON.stringify(approved.body)).not.toMatch(LINK);
    expect((await ops(t, 'glance', {}, owner.token)).status).toBe(401);
    expect(t.outbox.list(owner.email)[0].subject).toBe('Your Naira Wallet console sign-in was reset');
    expect(mailedInvitation(t, owner.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A support account's reset needs one admin, and is mailed to its owner too.
    const helper = await staffMember(t, 'support');
    const reset = await ask('reset', { staff_id: helper.id });
    expect(reset.status, reset.body.message).toBe(200);
    expect(reset.body.message).toBe(`account reset: a new invitation was sent to ${helper.email}`);
    expect(JSON.stringify(reset.body)).not.toMatch(LINK);
    expect(mailedInvitation(t, helper.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('raises a role only once a second admin approves; lowering a role and disabling take effect at once', async () => {
    const member = await staffMember(t, 'support');
    const asked = await ask('update', { staff_id: member.id, role: 'finance' });
    expect(asked.status, asked.body.message).toBe(202);
    expect(asked.body.data!.change).toMatchObject({ kind: 'raise', role: 'finance', staff_id: member.id });
    expect((await account(member.email))!.role).toBe('support');
    expect((await ops(t, 'money/requests/list', {}, member.token)).status).toBe(403);
    // A raise is asked for alone: nothing else rides on it.
    expect((await ask('update', { staff_id: member.id, role: 'admin', disabled: false })).status).toBe(422);

    const approved = await approve(asked.body.data!.change!.id);
    expect(approved.status, approved.body.message).toBe(200);
    expect((await account(member.email))!.role).toBe('finance');

    // Down and off need one admin: disabling is the emergency brake.
    const lowered = await ask('update', { staff_id: member.id, role: 'support' });
    expect([lowered.status, lowered.body.data!.staff!.role]).toEqual([200, 'support']);
    const colleague = await staffMember(t, 'admin');
    const disabled = await ask('update', { staff_id: colleague.id, disabled: true });
    expect([disabled.status, disabled.body.data!.staff!.disabled]).toEqual([200, true]);
    expect((await ops(t, 'glance', {}, colleague.token)).status).toBe(401);
  });

  it('refuses an approval by the account it changes, of an expired change, or of one already turned down; the maker may withdraw', async () => {
    const colleague = await staffMember(t, 'admin');
    const reset = await ask('reset', { staff_id: colleague.id });
    const self = await approve(reset.body.data!.change!.id, colleague);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('this change is about your own account: another admin must approve it');
    expect(
      (await ops(t, 'staff/changes/cancel', { change_id: reset.body.data!.change!.id }, approver.token)).status,
    ).toBe(403);
    const withdrawn = await ops<StaffChange>(
      t,
      'staff/changes/cancel',
      { change_id: reset.body.data!.change!.id },
      maker.token,
    );
    expect([withdrawn.status, withdrawn.body.data!.status]).toEqual([200, 'cancelled']);

    const turnedDown = await ask('create', { email: staffEmail('admin'), name: 'Not Known', role: 'admin' });
    const rejected = await ops<StaffChange>(
      t,
      'staff/changes/reject',
      { change_id: turnedDown.body.data!.change!.id, note: 'Nobody of that name works here' },
      approver.token,
    );
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      checker: approver.email,
      decision_note: 'Nobody of that name works here',
    });
    expect((await approve(turnedDown.body.data!.change!.id)).status).toBe(409);

    const late = await ask('create', { email: staffEmail('finance'), name: 'Late Request', role: 'finance' });
    const listed = await ops<StaffChange[]>(t, 'staff/changes/list', {}, approver.token);
    expect(listed.body.data!.find((change) => change.id === late.body.data!.change!.id)).toMatchObject({
      status: 'pending',
    });
    t.clock.advance(DAY_MS + 1);
    [maker, approver] = [await signInAgain(t, maker), await signInAgain(t, approver)];
    const expired = await approve(late.body.data!.change!.id);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('this change has expired: ask again if it is still needed');
    expect(await account(late.body.data!.change!.email)).toBeUndefined();
  });

  it('refuses the checker of a money request whose account its maker asked for, though another admin approved it, and the reverse', async () => {
    const made = await approvedAccount('finance');
    const requestId = await moneyRequest(maker);
    for (const decide of [approveMoney, rejectMoney]) {
      const refused = await decide(requestId, made);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'your account was created, reset or raised at the request or with the approval of whoever asked for this: another finance user must decide it',
      );
    }
    // The admin who approved the account is as tied to it as the one who asked.
    const madeByApproval = await approvedAccount('finance', approver, maker);
    expect((await approveMoney(requestId, madeByApproval)).status).toBe(403);

    // The reverse: the account asks, the admin who asked for it checks.
    const theirs = await moneyRequest(made);
    const reverse = await approveMoney(theirs, maker);
    expect(reverse.status).toBe(403);
    expect(reverse.body.message).toBe(
      'you created the account of whoever asked for this: another finance user must decide it',
    );

    // Someone independent of the maker decides, and the money moves.
    const independent = await staffMember(t, 'finance');
    expect((await approveMoney(requestId, independent)).status).toBe(200);
    expect((await approveMoney(theirs, approver)).status).toBe(200);
  });

  it('refuses a checker whose account was reset or raised within the last 24 hours, whoever asked for it', async () => {
    const [asker, checker, raised] = [
      await staffMember(t, 'finance'),
      await staffMember(t, 'finance'),
      await staffMember(t, 'support'),
    ];
    const reset = await ask('reset', { staff_id: checker.id });
    expect((await approve(reset.body.data!.change!.id)).status).toBe(200);
    const holder = await acceptAndEnrol(t, mailedInvitation(t, checker.email), checker);
    const raise = await ask('update', { staff_id: raised.id, role: 'finance' });
    expect((await approve(raise.body.data!.change!.id)).status).toBe(200);
    const financeNow = await signInAgain(t, { ...raised, role: 'finance' });

    const requestId = await moneyRequest(asker);
    for (const recent of [holder, financeNow]) {
      const refused = await approveMoney(requestId, recent);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'your account was reset or its role raised less than 24 hours ago: another finance user must decide this request',
      );
    }

    t.clock.advance(DAY_MS);
    const [askerAgain, holderAgain] = [await signInAgain(t, asker), await signInAgain(t, holder)];
    const later = await moneyRequest(askerAgain);
    expect((await approveMoney(later, holderAgain)).status).toBe(200);
    [maker, approver] = [await signInAgain(t, maker), await signInAgain(t, approver)];
  });

  it('holds the rules in the database too: a checker tied to the maker, or one changed within the day, cannot be written', async () => {
    const made = await approvedAccount('finance');
    const requestId = await moneyRequest(maker);
    const decide = (checker: number) =>
      sql`UPDATE money_requests SET status = 'rejected', checker_id = ${checker}, decided_at = ${t.clock.now()} WHERE id = ${requestId}`.execute(
        t.db,
      );
    await expect(decide(made.id)).rejects.toThrow(/independent/);
    const changed = await staffMember(t, 'finance');
    await t.db
      .updateTable('staff')
      .set({ identity_changed_at: t.clock.now() })
      .where('id', '=', BigInt(changed.id))
      .execute();
    await expect(decide(changed.id)).rejects.toThrow(/24 hours/);

    // Four eyes on staff changes as well: nobody approves their own.
    const pending = await ask('create', { email: staffEmail('admin'), name: 'Own Approval', role: 'admin' });
    const own = sql`UPDATE staff_changes SET status = 'rejected', checker_id = ${maker.id}, decided_at = ${t.clock.now()} WHERE id = ${pending.body.data!.change!.id}`;
    await expect(own.execute(t.db)).rejects.toThrow(/check/);
  });
});
