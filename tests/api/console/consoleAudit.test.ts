import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, SignInAnswer } from '../../../core/console';
import type { Transaction } from '../../../core/contract';
import { auditTamperRisk, openMigratedDatabase, openServerDatabase } from '../../../server/db/database';
import { freePort } from '../../../testkit/freePort';
import { signUp } from '../../support/api/accounts';
import type { TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, pastRequeryDelay, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { productionRails, productionSecrets, START_TIMEOUT_MS, startServer } from '../../support/api/serverProcess';
import { storage, type Storage } from '../../support/api/serverProcess';
import { customerIdOf, ops, PASSWORD, staffMember, type StaffMember } from '../../support/api/staff';

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
      ['late-bills/list', {}, maker, 'reconciliation.late-bills'],
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
    const grab = {
      kind: 'goodwill-credit',
      customer_id: buyer.id,
      amount: '100',
      reason: 'just trying',
      code: '123456',
    };
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

    const body = { kind: 'goodwill-credit', customer_id: buyer.id, amount: '100', reason: 'A bill that failed twice' };
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

  it('records a refused attempt that names a customer who does not exist, answering the refusal, never a 500', async () => {
    const nobody = 987_654;
    const typo = {
      kind: 'goodwill-credit',
      customer_id: nobody,
      amount: '100',
      reason: 'A reason long enough',
      code: '000000',
    };
    const refused = await ops(t, 'money/requests/create', typo, maker.token);
    expect(refused.status, refused.body.message).toBe(403);
    expect((await auditOf(t, maker, 'money.refused')).at(-1)).toMatchObject({
      customer_id: null,
      after: { attempted: 'money.request', reason: refused.body.message, customer_id: String(nobody) },
    });
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

const postgres = backends.find((backend) => backend.name === 'postgres');

/**
 * On a PostgreSQL server the server runs as a role of its own (DATABASE_URL), migrated and
 * granted by the database's owner (MIGRATION_DATABASE_URL), as `storage` sets it up and
 * production runs it. The embedded database has one user, who owns everything: no such test there.
 */
describe.runIf(postgres)('the server’s own database role on PostgreSQL', () => {
  let place: Storage;
  beforeAll(async () => {
    place = await storage('postgres');
  });
  afterAll(() => place.remove());
  const settings = () => ({
    databaseUrl: place.env.DATABASE_URL,
    migrationDatabaseUrl: place.env.MIGRATION_DATABASE_URL,
    dataDir: place.dataDir,
  });
  const t = useTestApp(postgres!, async () => ({ database: (await openMigratedDatabase(settings())).handle }));
  const auditRows = async () => {
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM staff_audit`.execute(t.db);
    return Number(rows[0].count);
  };

  // The attack: whoever holds the server's role (its DATABASE_URL, or code running inside it)
  // erasing a staff member's tracks — disabling the append-only trigger, then deleting, or
  // emptying, dropping, rewinding the sequence, adding a trigger that swallows new rows.
  it('cannot alter, disable, empty, rewrite or drop the audit, while the app works as that role', async () => {
    const support = await staffMember(t, 'support');
    const customer = await signUp(t);
    expect((await ops(t, 'customers/search', { query: customer.email }, support.token)).status).toBe(200);
    const before = await auditRows();
    expect(before).toBeGreaterThan(0);
    const tampering = [
      'ALTER TABLE staff_audit DISABLE TRIGGER ALL',
      'ALTER TABLE staff_audit DISABLE TRIGGER staff_audit_append_only',
      'DROP TRIGGER staff_audit_append_only ON staff_audit',
      "UPDATE staff_audit SET actor = 'someone else'",
      'DELETE FROM staff_audit',
      'TRUNCATE staff_audit',
      'DROP TABLE staff_audit CASCADE',
      'ALTER TABLE staff_audit OWNER TO CURRENT_USER',
      "SELECT setval(pg_get_serial_sequence('staff_audit', 'id'), 1)",
      // A trigger of its own dropping each new row, or the append-only trigger's function rewritten.
      'CREATE TRIGGER swallow BEFORE INSERT ON staff_audit FOR EACH ROW ' +
        'EXECUTE FUNCTION suppress_redundant_updates_trigger()',
      'CREATE OR REPLACE FUNCTION staff_audit_append_only() RETURNS trigger ' +
        'LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$',
      'SET session_replication_role = replica',
      'DELETE FROM schema_migrations',
    ];
    for (const statement of tampering) {
      // 42501, insufficient privilege: refused by the role's rights, not by the audit's trigger.
      await expect(sql.raw(statement).execute(t.db), statement).rejects.toMatchObject({ code: '42501' });
    }
    expect(await auditRows()).toBe(before);

    // Every other table it reads and writes; the app goes on recording.
    const { rows: short } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT IN ('staff_audit', 'schema_migrations')
        AND NOT (has_table_privilege(c.oid, 'SELECT') AND has_table_privilege(c.oid, 'INSERT')
                 AND has_table_privilege(c.oid, 'UPDATE') AND has_table_privilege(c.oid, 'DELETE'))`.execute(t.db);
    expect(short).toEqual([]);
    const customerId = await customerIdOf(t, customer.email);
    expect((await ops(t, 'customers/view', { customer_id: customerId }, support.token)).status).toBe(200);
    expect(await auditRows()).toBe(before + 1);
  });

  // The attack: a broad GRANT given by hand (a DBA's "GRANT ALL"), or the owner's URL as DATABASE_URL.
  it('takes back, at the next migration, what was granted beyond reading and appending', async () => {
    expect(await auditTamperRisk(t.db)).toBeUndefined();
    const runtimeRole = new URL(place.env.DATABASE_URL).username;
    const owner = openServerDatabase(place.databaseUrl!, { max: 1 });
    try {
      await sql.raw(`GRANT ALL ON staff_audit TO ${runtimeRole}`).execute(owner.db);
      expect(await auditTamperRisk(t.db)).toMatch(/may change or empty the staff audit/);
      const owns = /owns the staff audit \(staff_audit\) or is a superuser.*MIGRATION_DATABASE_URL/;
      expect(await auditTamperRisk(owner.db)).toMatch(owns);
    } finally {
      await owner.close();
    }
    await (await openMigratedDatabase(settings())).handle.close();
    expect(await auditTamperRisk(t.db)).toBeUndefined();
    await expect(sql`DELETE FROM staff_audit`.execute(t.db)).rejects.toMatchObject({ code: '42501' });
  });

  it(
    'refuses a production start whose DATABASE_URL owns the audit, saying what to set',
    async () => {
      const rails = await productionRails();
      try {
        const { MIGRATION_DATABASE_URL: _owner, ...env } = place.env;
        const owner = { DATABASE_URL: place.databaseUrl!, PORT: String(await freePort()) };
        const started = startServer({ ...env, ...productionSecrets(), ...rails.env, ...owner });
        expect(await started.exit).toBe(1);
        const refusal = /Naira Wallet cannot start: DATABASE_URL's role \(postgres\) owns the staff audit/;
        expect(started.output()).toMatch(refusal);
        expect(started.output()).toContain('Set MIGRATION_DATABASE_URL to this URL');
        expect(started.output()).not.toContain('running at');
      } finally {
        await rails.close();
      }
    },
    START_TIMEOUT_MS,
  );
});
