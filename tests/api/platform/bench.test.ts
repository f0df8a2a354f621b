import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseSection } from '../../../server/cli/bench/report';
import { benchDatabase } from '../../../server/cli/bench/run';
import { pgliteStorage } from '../../../server/cli/bench/storage';

/**
 * `npm run bench` cannot rot: its whole path on PGlite, in miniature — seeding, the recording of
 * a purchase's statements and their replay, the server started as production starts it under
 * each load, and the ledger audit after.
 */
it('npm run bench measures purchases, raw SQL, the poll mix and the activity list on PGlite, and the audit is clean', async () => {
  const workDir = await mkdtemp(join(tmpdir(), 'naira-bench-test-'));
  const storage = await pgliteStorage(workDir);
  try {
    const report = await benchDatabase(storage, {
      clients: [2],
      seconds: 1,
      warmUpSeconds: 0.5,
      pollUsers: 4,
      pollConnections: 2,
      histories: [10, 300],
      pages: [1, 2],
      listRequests: 2,
      workDir,
    });
    expect(report.statementsPerPurchase).toBeGreaterThan(4);
    expect(report.purchases).toHaveLength(1);
    const [{ api, raw }] = report.purchases;
    expect(api.requests).toBeGreaterThan(0);
    expect(api.refused).toEqual({});
    expect(raw.map((run) => run.mode)).toEqual(['in-process']);
    expect(raw[0].rate.perSecond).toBeGreaterThan(0);
    expect(report.poll.requests).toBeGreaterThan(0);
    expect(report.poll.refused).toEqual({});
    expect(report.lists.map((list) => [list.transactions, list.page, list.result.refused])).toEqual([
      [10, 1, {}],
      [10, 2, {}],
      [300, 1, {}],
      [300, 2, {}],
    ]);
    expect(report.audit).toEqual([]);
    // The whole machine's CPU per purchase, read from /proc, beside the API's and the raw SQL's rates.
    expect(api.machineCpuMs).toBeGreaterThan(0);
    expect(raw[0].rate.machineCpuMs).toBeGreaterThan(0);
    const section = databaseSection(report);
    expect(section).toMatch(
      /\| 2 \| [\d,]+ \| [\d.,]+ \/ [\d.,]+ ms \| [\d.]+ ms \| n\/a \| [\d.]+ ms \| [\d,]+ \| [\d.]+ ms \| \d+ % \|/,
    );
    expect(section).toMatch(
      /per purchase at 2 clients: [\d.]+ ms through the API, [\d.]+ ms as raw SQL \(in process, one connection\); with the machine busy, the API can reach at most \d+ % of that rate\./,
    );
  } finally {
    await storage.remove();
    await rm(workDir, { recursive: true, force: true });
  }
}, 60_000);
