import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresQueryCompiler, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrate, readMigrations } from '../../../server/db/migrate';
import { REWORDED_MIGRATIONS } from '../../../server/db/rewordedMigrations';
import { backends } from '../../support/api/backends';

/** A plugin that writes down each statement's SQL as it is sent. */
function recordingStatements(statements: string[]): KyselyPlugin {
  const compiler = new PostgresQueryCompiler();
  return {
    transformQuery: ({ node, queryId }) => {
      statements.push(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

/** Turns of the event loop (not time), in which any other transaction that could run would. */
async function yieldTurns(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('PGlite driver', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEmbeddedDatabase();
  });
  afterAll(() => handle.close());

  it('runs concurrent transactions one after the other, never interleaved', async () => {
    await sql`CREATE TABLE journal (id SERIAL PRIMARY KEY, entry TEXT NOT NULL)`.execute(handle.db);
    const transaction = (name: string) =>
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO journal (entry) VALUES (${`${name} begins`})`.execute(trx);
        await yieldTurns(); // the other transactions get every chance to cut in
        await sql`INSERT INTO journal (entry) VALUES (${`${name} ends`})`.execute(trx);
      });
    const failing = handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO journal (entry) VALUES ('rolled back')`.execute(trx);
      await yieldTurns();
      throw new Error('abort');
    });
    await Promise.all([transaction('a'), transaction('b'), expect(failing).rejects.toThrow('abort'), transaction('c')]);
    const { rows } = await sql<{ entry: string }>`SELECT entry FROM journal ORDER BY id`.execute(handle.db);
    expect(rows.map((r) => r.entry)).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  });

  it('returns BIGINT as bigint, exactly', async () => {
    const { rows } = await sql<{ big: bigint }>`SELECT ${9_007_199_254_740_993n}::bigint AS big`.execute(handle.db);
    expect(rows[0].big).toBe(9_007_199_254_740_993n);
  });

  // A fresh data folder: PGlite's initdb and every migration, then a close that writes it all to
  // disk. Beside the other test files on a 2-core machine that has taken over 20 s; the ceiling
  // is a minute (the test ends as soon as the second open has applied nothing).
  it('keeps its data in a folder across restarts', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'naira-pglite-'));
    try {
      const first = await openEmbeddedDatabase({ dataDir: dir });
      expect(await migrate(first.db)).toContain('001_accounts');
      await first.close();
      const second = await openEmbeddedDatabase({ dataDir: dir });
      expect(await migrate(second.db)).toEqual([]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends)('migrations on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(() => handle.close());

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrate(handle.db)).toEqual([]);
    const applied = await handle.db
      .selectFrom('schema_migrations')
      .select(['version', 'name'])
      .orderBy('version')
      .execute();
    expect(applied.map((m) => m.version)).toEqual((await readMigrations()).map((m) => m.version));
  });

  it('refuse to start when an applied migration file was edited', async () => {
    const [first, ...rest] = await readMigrations();
    await expect(migrate(handle.db, [{ ...first, checksum: 'edited' }, ...rest])).rejects.toThrow(
      /changed after it was applied/,
    );
  });

  it('accept a migration whose comments were reworded after it was applied, and refuse one whose statements changed', async () => {
    const migrations = await readMigrations();
    const ledger = migrations.find((m) => m.version === 4)!;
    const applyEarlierWording = () =>
      handle.db
        .updateTable('schema_migrations')
        .set({ checksum: REWORDED_MIGRATIONS[4].before })
        .where('version', '=', 4)
        .execute();
    await applyEarlierWording();
    expect(await migrate(handle.db, migrations)).toEqual([]);
    const stored = await handle.db
      .selectFrom('schema_migrations')
      .select('checksum')
      .where('version', '=', 4)
      .executeTakeFirstOrThrow();
    expect(stored.checksum).toBe(ledger.checksum);

    await applyEarlierWording();
    const edited = { ...ledger, sql: `${ledger.sql}\nCREATE TABLE reworded_probe (id INT);`, checksum: 'edited' };
    await expect(
      migrate(
        handle.db,
        migrations.map((m) => (m.version === 4 ? edited : m)),
      ),
    ).rejects.toThrow(/changed after it was applied/);
    expect(await migrate(handle.db, migrations)).toEqual([]);
  });

  // Every replica's start and every test database ran 46 transactions, each waiting for the
  // migrations' lock, to find nothing to do; now one read says so.
  it('find nothing pending by one read of what is applied, taking no lock and writing nothing', async () => {
    const statements: string[] = [];
    expect(await migrate(handle.db.withPlugin(recordingStatements(statements)))).toEqual([]);
    expect(statements.filter((statement) => /schema_migrations/.test(statement))).toHaveLength(2);
    expect(statements.filter((statement) => /pg_advisory|insert|update|create|begin/i.test(statement))).toEqual([]);
  });

  it('apply each migration once when two processes start together', async () => {
    const extra = {
      version: 900,
      name: 'concurrent_probe',
      sql: 'CREATE TABLE concurrent_probe (id INT)',
      checksum: 'probe',
    };
    const all = [...(await readMigrations()), extra];
    const results = await Promise.all([migrate(handle.db, all), migrate(handle.db, all)]);
    expect(results.flat()).toEqual(['900_concurrent_probe']);
  });

  it('keep the wallet balance from going below zero', async () => {
    const now = new Date();
    const user = await handle.db
      .insertInto('users')
      .values({ name: 'Check', email: 'check@example.com', phone: '08030000000', password_hash: 'x', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db.insertInto('wallets').values({ user_id: user.id, created_at: now }).execute();
    await expect(
      handle.db.updateTable('wallets').set({ balance_kobo: -1n }).where('user_id', '=', user.id).execute(),
    ).rejects.toThrow(/check/i);
  });
});

describe('migration files', () => {
  it('must be named NNN_name.sql', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'naira-migrations-'));
    try {
      await writeFile(join(dir, '1_missing_digits.sql'), 'SELECT 1');
      await expect(readMigrations(dir)).rejects.toThrow(/not named NNN_name.sql/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
