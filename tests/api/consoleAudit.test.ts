import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, SignInAnswer } from '../../core/console';
import type { Transaction } from '../../core/contract';
import type { TestApp } from '../support/api/app';
import { useTestApp } from '../support/api/useTestApp';
import { backends } from '../support/api/backends';
import { buy, newBuyer, pastRequeryDelay, PIN, providerId, type Buyer } from '../support/api/purchases';
import { customerIdOf, ops, PASSWORD, staffMember, type StaffMember } from '../support/api/staff';

const HOUR = 3_600_000;
const THROTTLED = 'too many customer searches: at most 60 an hour each; the admins have been told. Try again later';

/** The audit's rows of one action by one staff member, oldest first. */
async function auditOf(t: TestApp, who: StaffMember, action: string) {
  return t.db
    .selectFrom('staff_audit')
    .select(['id', 'actor', 'action', 'customer_id', 'subject', 'before', 'after'])
    .where('staff_id', '=', BigInt(who.id))
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** The value of an unlabelled gauge in the app's /metrics. */
async function gauge(t: TestApp, name: string): Promise<number> {
  const scraped = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = scraped.body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} in /metrics`);
  return Number(line.split(' ')[1]);
}

/**
 * The staff audit as an insider meets it: whatever a staff member reads or tries leaves a row —
 * the lists, the ledger audit they run, the refusals (a role's 403, a maker approving their own
 * request), a requery's intent committed before the biller is asked — and a support user
 * harvesting customers' names, e-mails and phones by searching is held back and reported.
 */
describe.each(backends)('the staff audit on $name', (backend) => {
  let support: StaffMember;
  let maker: StaffMember;
  let checker: StaffMember;
  let admin: StaffMember;
  let buyer: Buyer & { id: number };
  let bill: Transaction;
  /** The biller's requery hook: it dies while asking (a crash, a provider's error) until told otherwise. */
  const requery = { dies: true, intentsSeen: [] as number[] };
  const t = useTestApp(backend, {
    requeries: {
      airtime: async (_ctx, transaction) => {
        // Read from outside the request, while the biller is being asked: only what was committed shows.
        const intents = await t.db
          .selectFrom('staff_audit')
          .select('id')
          .where('action', '=', 'transaction.requery')
          .where('subject', '=', `transaction:${transaction.id}`)
          .execute();
        requery.intentsSeen.push(intents.length);
        if (requery.dies) throw new Error('the process died while asking the biller');
        return 'asked';
      },
    },
  });
  beforeAll(async () => {
    support = await staffMember(t, 'support');
    [maker, checker] = [await staffMember(t, 'finance'), await staffMember(t, 'finance')];
    admin = await staffMember(t, 'admin');
    const bought = await newBuyer(t, 2_000);
    buyer = { ...bought, id: await customerIdOf(t, bought.email) };
    // Ends in 0002: pending with the biller.
    const mtn = await providerId(t, 'airtime', 'MTN');
    const airtime = { provider_id: mtn, beneficiary: '08031230002', amount: 500, pin: PIN };
    bill = (await buy(t, buyer.token, 'airtime', airtime)).body.data!;
  });

  // The attack: an insider pages through every queue and the audit itself, and no row says they looked.
  it('leaves a row, in the read’s own transaction, for each list a staff member reads and each audit run', async () => {
    const reads: [path: string, body: object, who: StaffMember, action: string][] = [
      ['audit/list', { customer_id: buyer.id }, admin, 'audit.list'],
      ['staff/list', {}, admin, 'staff.list'],
      ['cases/list', { all: true }, support, 'case.list'],
      ['suspense/list', {}, maker, 'suspense.list'],
      ['money/requests/list', {}, maker, 'money.list'],
      ['reconciliation/list', {}, maker, 'reconciliation.list'],
      ['glance', {}, support, 'glance.view'],
      ['glance/audit', {}, support, 'ledger.audit'],
      ['customers/search', { query: buyer.email }, support, 'customer.search'],
      ['customers/view', { customer_id: buyer.id }, support, 'customer.view'],
    ];
    for (const [path, body, who, action] of reads) {
      const before = await auditOf(t, who, action);
      const reply = await ops(t, path, body, who.token);
      expect(reply.status, `${path}: ${reply.body.message}`).toBe(200);
      const after = await auditOf(t, who, action);
      expect(after, path).toHaveLength(before.length + 1);
      expect(after.at(-1), path).toMatchObject({ actor: who.email });
    }
    // What was asked for is part of the record: the audit read about one customer, the ledger audit's finding.
    const auditRead = (await auditOf(t, admin, 'audit.list')).at(-1);
    expect(auditRead).toMatchObject({ after: { customer_id: buyer.id, results: expect.any(Number) } });
    expect((await auditOf(t, support, 'ledger.audit')).at(-1)).toMatchObject({ after: { problem_count: 0 } });
  });

  // The attack: trying what one's role or the money rules forbid, in the hope that a refusal leaves
  // nothing behind (the rule's 403 rolls its transaction back, audit row and all).
  it('records each refused attempt apart: support reaching for money, a maker approving their own', async () => {
    const grab = { kind: 'goodwill-credit', customer_id: buyer.id, amount: 100, reason: 'just trying', code: '123456' };
    const reached = await ops(t, 'money/requests/create', grab, support.token);
    expect(reached.status).toBe(403);
    expect(await auditOf(t, support, 'money.refused')).toEqual([
      expect.objectContaining({
        subject: 'route:/ops/api/money/requests/create',
        after: { attempted: 'money.request', reason: 'your role (support) may not do this' },
      }),
    ]);
    expect((await ops(t, 'audit/list', {}, support.token)).status).toBe(403);
    expect(await auditOf(t, support, 'audit.refused')).toHaveLength(1);

    const body = { kind: 'goodwill-credit', customer_id: buyer.id, amount: 100, reason: 'A bill that failed twice' };
    const makerCode = await maker.code();
    const asked = await ops<MoneyRequest>(t, 'money/requests/create', { ...body, code: makerCode }, maker.token);
    expect(asked.status, asked.body.message).toBe(201);
    const request = asked.body.data!.id;
    const own = await ops(t, 'money/requests/approve', { request_id: request, code: await maker.code() }, maker.token);
    expect(own.status).toBe(403);
    expect((await auditOf(t, maker, 'money.refused')).at(-1)).toMatchObject({
      subject: `request:${request}`,
      after: { attempted: 'money.approve', reason: own.body.message },
    });
    // A checker with a wrong code, and someone cancelling another's request: refused, and recorded.
    const wrong = await ops(t, 'money/requests/approve', { request_id: request, code: '000000' }, checker.token);
    expect(wrong.status).toBe(403);
    const cancelled = await ops(t, 'money/requests/cancel', { request_id: request }, checker.token);
    expect(cancelled.status).toBe(403);
    expect((await auditOf(t, checker, 'money.refused')).map((row) => row.after)).toEqual([
      { attempted: 'money.approve', reason: wrong.body.message },
      { attempted: 'money.cancel', reason: cancelled.body.message },
    ]);
    // Nothing was done: the request still waits.
    const queue = await ops<MoneyRequest[]>(t, 'money/requests/list', {}, maker.token);
    const [still] = queue.body.data!.filter((row) => row.id === request);
    expect(still.status).toBe('pending');
    expect((await ops(t, 'money/requests/cancel', { request_id: request }, maker.token)).status).toBe(200);
  });

  // The attack: a requery that moves money, then the process dies before the audit row of another
  // transaction is written: the money moved and nobody asked.
  it('commits who asked for a requery before the biller is asked (one that dies leaves it), then its end', async () => {
    pastRequeryDelay(t);
    const died = await ops(t, 'customers/requery', { transaction_id: bill.id }, support.token);
    expect(died.status).toBe(500);
    expect(requery.intentsSeen).toEqual([1]);
    const subject = `transaction:${bill.id}`;
    expect(await auditOf(t, support, 'transaction.requery')).toEqual([
      expect.objectContaining({ subject, customer_id: BigInt(buyer.id), before: { status: 'processing' } }),
    ]);
    expect(await auditOf(t, support, 'transaction.requery-outcome')).toEqual([
      expect.objectContaining({ subject, after: { outcome: 'failed', reason: 'error' } }),
    ]);

    requery.dies = false;
    const answered = await ops(t, 'customers/requery', { transaction_id: bill.id }, support.token);
    expect(answered.status, answered.body.message).toBe(200);
    const intents = await auditOf(t, support, 'transaction.requery');
    const outcomes = await auditOf(t, support, 'transaction.requery-outcome');
    expect(intents).toHaveLength(2);
    const processing = { status: 'processing' };
    expect(outcomes.at(-1)).toMatchObject({ subject, before: processing, after: processing });
    expect(outcomes.at(-1)!.id).toBeGreaterThan(intents.at(-1)!.id);
  });

  // The attack: a support user (or their stolen session) pulling customers' names, e-mails and
  // phone numbers out by searching, letter after letter, with no end.
  it('holds a staff member back past 60 customer searches an hour (429), telling the admins once a burst', async () => {
    const [harvester, colleague] = [await staffMember(t, 'support'), await staffMember(t, 'support')];
    const search = (who: StaffMember, query: string) => ops(t, 'customers/search', { query }, who.token);
    expect(await gauge(t, 'wallet_console_search_throttled_staff')).toBe(0);
    for (let i = 0; i < 60; i++) expect((await search(harvester, `a${i}@`)).status).toBe(200);
    const held = await search(harvester, 'ade');
    expect(held.status).toBe(429);
    expect(held.body.message).toBe(THROTTLED);
    expect((await search(harvester, 'bola')).status).toBe(429);
    // Per staff member: a colleague at the next desk searches on.
    expect((await search(colleague, 'ade')).status).toBe(200);

    const throttled = await auditOf(t, harvester, 'customer.search-throttled');
    expect(throttled.map((row) => row.after)).toEqual([
      { query: 'ade', searches: 60, alert: true },
      { query: 'bola', searches: 60, alert: false },
    ]);
    const alerts = t.outbox.list(admin.email).filter((mail) => mail.text.includes(harvester.email));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toBe('Console: customer searches held back');
    expect(await gauge(t, 'wallet_console_search_throttled_staff')).toBe(1);

    // An hour on (signed in again: the idle session ended), the searches of the hour before have aged out.
    t.clock.advance(HOUR);
    const password = await ops<SignInAnswer>(t, 'sign-in', { email: harvester.email, password: PASSWORD });
    const code = await harvester.code();
    const signedIn = await ops<SignInAnswer>(t, 'sign-in/code', { code }, password.body.data!.token);
    expect((await search({ ...harvester, token: signedIn.body.data!.token }, 'ade')).status).toBe(200);
    expect(await gauge(t, 'wallet_console_search_throttled_staff')).toBe(0);
  });
});

