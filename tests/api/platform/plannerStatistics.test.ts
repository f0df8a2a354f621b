import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/server';
import { analyzeChangedTables } from '../../../server/jobs/plannerStatistics';
import { signUp } from '../../support/api/accounts';
import { testConfig } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { userIdOf } from '../../support/api/bank';

/** PGlite has no autovacuum: the app keeps its planner statistics current itself (jobs/plannerStatistics.ts). */
describe('planner statistics on the embedded database', () => {
  const pglite = backends.find((backend) => backend.name === 'pglite')!;
  const t = useTestApp(pglite);

  const statistics = async (table: string) =>
    (
      await sql<{
        tuples: number;
      }>`SELECT reltuples::float8 AS tuples FROM pg_class WHERE relname = ${table} AND relkind = 'r'`.execute(t.db)
    ).rows[0].tuples;

  it('analyses a table never analysed, or grown by more than a tenth since, and then nothing until it grows again', async () => {
    await analyzeChangedTables(t.db);
    expect(await analyzeChangedTables(t.db)).toEqual([]);
    const person = await signUp(t);
    const userId = await userIdOf(t, person.email);
    const grow = (rows: number) =>
      sql`INSERT INTO transactions (user_id, category, amount_kobo, status, reference, created_at, updated_at)
          SELECT ${userId}::bigint, 'funding', 100, 'completed', 'GROWN-' || g, now(), now() FROM generate_series(1, ${rows}::int) AS g`.execute(
        t.db,
      );
    await grow(20_000);
    expect(await analyzeChangedTables(t.db)).toContain('transactions');
    expect(await statistics('transactions')).toBeGreaterThanOrEqual(20_000);
    expect(await analyzeChangedTables(t.db)).toEqual([]);
    await grow(500);
    expect(await analyzeChangedTables(t.db)).not.toContain('transactions');
    await grow(5_000);
    expect(await analyzeChangedTables(t.db)).toContain('transactions');
  });

  it('the app runs it from its start when the database is embedded', async () => {
    await sql`INSERT INTO notifications (user_id, title, content, created_at) SELECT (SELECT min(id) FROM users), 'n', 'n', now() FROM generate_series(1, 3000)`.execute(
      t.db,
    );
    const { app } = await buildServer(testConfig(), {
      db: t.db,
      runJobs: true,
      embeddedDatabase: true,
      logStream: { write: () => {} },
    });
    await app.ready();
    await expect.poll(() => statistics('notifications'), { timeout: 10_000 }).toBeGreaterThanOrEqual(3_000);
    await app.close();
  });
});
