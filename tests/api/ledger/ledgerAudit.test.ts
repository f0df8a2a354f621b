import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { main as auditCommand } from '../../../server/cli/audit';
import { buildServer } from '../../../server/server';
import { openMigratedDatabase } from '../../../server/db/database';
import { runLedgerAudit } from '../../../server/jobs/ledgerAudit';
import { inTransaction } from '../../../server/services/context';
import { planHold, post, voidHold, walletOf, writeOff } from '../../../server/services/ledger/ledger';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { testConfig, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, PIN, providerId } from '../../support/api/purchases';
import { storage } from '../../support/api/serverProcess';

describe.each(backends)('the ledger audit on $name', (backend) => {
  const t = useTestApp(backend);

  /** Runs `breakIt` in a transaction that is rolled back, and answers what the audit found inside it. */
  async function auditOfBroken(breakIt: (tx: TestApp['ctx']) => Promise<unknown>): Promise<string[]> {
    let problems: string[] = [];
    const attempt = inTransaction(t.ctx, async (tx) => {
      await breakIt(tx);
      problems = await auditLedger(tx.db);
      throw new Error('roll back');
    });
    await expect(attempt).rejects.toThrow('roll back');
    return problems;
  }

  it('finds a purchase held twice, a settled one also refunded, and one refunded while still processing', async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    const completed = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      pin: PIN,
    });
    const processing = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08030000005',
      amount: 100,
      pin: PIN,
    });
    const [done, open] = [BigInt(completed.body.data!.id), BigInt(processing.body.data!.id)];
    expect(await auditLedger(t.db)).toEqual([]);

    const walletId = await walletOf(t.ctx, buyer.userId);
    // The database refuses a second hold or outcome (exactlyOnce.test.ts); the audit is the second
    // check, so it is shown the doubles with the guard dropped, in the transaction that rolls back.
    const withoutGuard = (guard: string, forge: (tx: TestApp['ctx']) => Promise<unknown>) =>
      auditOfBroken(async (tx) => {
        await sql`DROP INDEX ${sql.ref(guard)}`.execute(tx.db);
        await forge(tx);
      });
    const held = (bill: bigint) => ({ bill, amountKobo: 10_000n, walletId });
    expect(
      await withoutGuard('ledger_movements_one_hold', async (tx) => post(tx, await planHold(tx, held(done)))),
    ).toEqual([`purchase ${done} (completed) has 2 reserve, 1 settle and 0 refund movements`]);
    expect(
      await withoutGuard('ledger_movements_one_outcome', async (tx) => post(tx, await voidHold(tx, held(done)))),
    ).toEqual([`purchase ${done} (completed) has 1 reserve, 1 settle and 1 refund movements`]);
    expect(await auditOfBroken(async (tx) => post(tx, await voidHold(tx, held(open))))).toEqual([
      `purchase ${open} (processing) has 1 reserve, 0 settle and 1 refund movements`,
    ]);
  });

  it('finds a write-off of a bill the biller did not deliver after its deadline refund, and an exposure settled delivered without one', async () => {
    const buyer = await newBuyer(t, 1_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    // Ends in 0001: declined, refunded at once; no exposure.
    const declined = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031110001',
      amount: 100,
      pin: PIN,
    });
    const id = BigInt(declined.body.data!.id);
    expect(declined.body.data!.status).toBe('canceled');
    const lateDelivery = { bill: id, amountKobo: 10_000n, biller: 'simulated' };
    expect(await auditOfBroken(async (tx) => post(tx, await writeOff(tx, lateDelivery)))).toEqual([
      `purchase ${id} (exposure none) has 1 write-off movements`,
    ]);
    const settledDelivered = (tx: TestApp['ctx']) =>
      sql`UPDATE purchases SET exposure = 'delivered', exposure_resolved_at = now() WHERE transaction_id = ${id}`.execute(
        tx.db,
      );
    expect(await auditOfBroken(settledDelivered)).toEqual([
      `purchase ${id} (exposure delivered) has 0 write-off movements`,
    ]);
    expect(
      await auditOfBroken(async (tx) => {
        await settledDelivered(tx);
        await post(tx, await writeOff(tx, { ...lateDelivery, amountKobo: 9_000n }));
      }),
    ).toEqual([`purchase ${id} wrote off 9000 kobo for a bill of 10000`]);
  });

  it('a run with a problem is logged at error level, each problem named, and counted', async () => {
    const logged: { level: string; obj: unknown; msg: string }[] = [];
    const log = {
      info: (obj: unknown, msg: string) => logged.push({ level: 'info', obj, msg }),
      error: (obj: unknown, msg: string) => logged.push({ level: 'error', obj, msg }),
    };
    const record = vi.fn();
    expect(await runLedgerAudit(t.db, { log, record })).toEqual([]);
    expect(logged.map((line) => [line.level, line.msg])).toEqual([['info', 'ledger audit: clean']]);
    expect(record).toHaveBeenLastCalledWith([]);

    const wallet = await walletOf(t.ctx, (await newBuyer(t)).userId);
    const attempt = inTransaction(t.ctx, async (tx) => {
      await sql`UPDATE wallets SET balance_kobo = balance_kobo + 1 WHERE id = ${wallet}`.execute(tx.db);
      await runLedgerAudit(tx.db, { log, record });
      throw new Error('roll back');
    });
    await expect(attempt).rejects.toThrow('roll back');
    expect(logged[1]).toEqual({
      level: 'error',
      obj: { job: 'ledger-audit', problems: [`wallet ${wallet} caches 1 but its entries sum to 0`] },
      msg: 'ledger audit: 1 problem(s) found',
    });
    expect(record).toHaveBeenLastCalledWith([`wallet ${wallet} caches 1 but its entries sum to 0`]);
  });
});

describe.each(backends)('the audit job and `npm run audit` on $name', ({ name }) => {
  it('the job runs on its interval and counts a failure in the metrics; the command exits 0 when clean, 1 with the problems', async () => {
    const place = await storage(name);
    // As the server opens it: on PostgreSQL migrated by the owner, which grants the server's own role (the command's).
    const { DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: migrationDatabaseUrl } = place.env;
    const settings = { databaseUrl, migrationDatabaseUrl, dataDir: place.dataDir };
    const open = async () => (await openMigratedDatabase(settings)).handle;
    const env = { ...place.env };
    const output = vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // PGlite's folder is one process's (and one handle's) at a time: each step opens and closes it.
      await (await open()).close();
      expect(await auditCommand(env)).toBe(0);
      expect(output).toHaveBeenCalledWith(expect.stringMatching(/^ledger audit: clean/));

      const database = await open();
      // A user's wallet whose cached balance has no entries behind it.
      await sql`WITH u AS (INSERT INTO users (name, email, phone, password_hash, created_at) VALUES ('Drift', 'drift@example.com', '08031234567', 'x', now()) RETURNING id)
                INSERT INTO wallets (user_id, balance_kobo, created_at) SELECT id, 5, now() FROM u`.execute(
        database.db,
      );
      const lines: string[] = [];
      const { app } = await buildServer(testConfig({ auditIntervalMs: 30, requeryIntervalMs: 0, logLevel: 'info' }), {
        db: database.db,
        runJobs: true,
        logStream: { write: (line) => lines.push(line) },
      });
      await app.ready();
      await expect
        .poll(() => lines.some((line) => line.includes('ledger audit: 1 problem(s) found')), { timeout: 10_000 })
        .toBe(true);
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^wallet_ledger_audit_failures_total [1-9]/m);
      expect(metrics).toMatch(/^wallet_ledger_audit_problems 1$/m);
      const line = JSON.parse(lines.find((l) => l.includes('ledger audit: 1 problem(s) found'))!) as {
        level: number;
        problems: string[];
      };
      expect(line.level).toBe(50);
      expect(line.problems).toEqual([expect.stringMatching(/^wallet \d+ caches 5 but its entries sum to 0$/)]);
      await app.close();
      await database.close();

      expect(await auditCommand(env)).toBe(1);
      expect(errors).toHaveBeenCalledWith('ledger audit: 1 problem(s) found');
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^ {2}- wallet \d+ caches 5 but its entries sum to 0$/),
      );
    } finally {
      output.mockRestore();
      errors.mockRestore();
      await place.remove();
    }
  }, 60_000);
});
