import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServerDatabase, type DatabaseHandle } from '../../../server/db/database';
import { preparingPool, statementName } from '../../../server/db/preparedStatements';
import type { Schema } from '../../../server/db/schema';
import { backends, POSTGRES_URL, postgresUnavailable } from '../../support/api/backends';

/**
 * The server's statements are named prepared statements on PostgreSQL (server/db/preparedStatements.ts):
 * planned once per connection, bounded per connection, and safe across a migration that adds a
 * column because no statement selects `*`. Each test runs on a pool of one connection, so what
 * pg_prepared_statements shows is that connection's.
 */
describe.skipIf(postgresUnavailable)('named prepared statements on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let url: string;
  const extra: Kysely<Schema>[] = [];
  beforeAll(async () => {
    handle = await backends.find((backend) => backend.name === 'postgres')!.open({ max: 1 });
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db);
    const parsed = new URL(POSTGRES_URL);
    parsed.pathname = `/${rows[0].name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    for (const db of extra) await db.destroy();
    await handle.close();
  });

  /** A database handle over one connection of its own, preparing at most `perConnection` statements. */
  function oneConnection(perConnection?: number): Kysely<Schema> {
    const db = new Kysely<Schema>({
      dialect: new PostgresDialect({
        pool: preparingPool(new pg.Pool({ connectionString: url, max: 1 }), perConnection),
      }),
    });
    extra.push(db);
    return db;
  }

  const preparedOn = async (db: Kysely<Schema>) =>
    (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db)).rows.map(
      (row) => row.name,
    );

  it('prepares a statement on its second use on a connection, once, and answers as an unprepared one does', async () => {
    const db = oneConnection();
    const query = db.selectFrom('providers').select(['id', 'code']).where('category', '=', 'airtime').orderBy('id');
    const name = statementName(query.compile().sql);
    const first = await query.execute();
    expect(first.length).toBeGreaterThan(0);
    expect(await preparedOn(db)).not.toContain(name);
    expect(await query.execute()).toEqual(first);
    expect(await query.execute()).toEqual(first);
    expect((await preparedOn(db)).filter((prepared) => prepared === name)).toHaveLength(1);
  });

  it('prepares at most so many statements per connection, and runs the rest unprepared', async () => {
    const db = oneConnection(2);
    for (let n = 1; n <= 5; n++) {
      for (let time = 0; time < 3; time++) {
        // Five statements: the literal makes each text its own.
        const { rows } = await sql<{
          n: number;
          literal: number;
        }>`SELECT ${n}::int AS n, ${sql.lit(n)}::int AS literal`.execute(db);
        expect(rows).toEqual([{ n, literal: n }]);
      }
    }
    expect(await preparedOn(db)).toHaveLength(2);
  });

  it('a statement naming its columns survives a migration that adds a column; one selecting * would fail (why statements never select *)', async () => {
    const db = oneConnection();
    await sql`CREATE TABLE prepared_probe (id integer PRIMARY KEY, name text NOT NULL)`.execute(db);
    await sql`INSERT INTO prepared_probe VALUES (1, 'first')`.execute(db);
    const named = () => sql`SELECT id, name FROM prepared_probe WHERE id = ${1}::integer`.execute(db);
    const star = () => sql`SELECT * FROM prepared_probe WHERE id = ${1}::integer`.execute(db);
    for (let time = 0; time < 3; time++) await Promise.all([named(), star()]);
    // Another release's migration, on another connection.
    await sql`ALTER TABLE prepared_probe ADD COLUMN added text`.execute(handle.db);
    expect((await named()).rows).toEqual([{ id: 1, name: 'first' }]);
    await expect(star()).rejects.toThrow(/cached plan must not change result type/);
  });

  it('a statement whose first preparation failed (in an aborted transaction) is prepared again once it can be', async () => {
    const db = oneConnection();
    const read = (trx: Kysely<Schema>) =>
      sql<{ code: string }>`SELECT code FROM providers WHERE id = ${1}::integer`.execute(trx);
    await read(db);
    const failed = db.transaction().execute(async (trx) => {
      await sql`SELECT 1 / ${0}::integer`.execute(trx).catch(() => {});
      await read(trx);
    });
    await expect(failed).rejects.toThrow(/current transaction is aborted/);
    expect((await read(db)).rows).toHaveLength(1);
    expect((await read(db)).rows).toHaveLength(1);
    expect(await preparedOn(db)).toContain(
      statementName(sql`SELECT code FROM providers WHERE id = ${1}::integer`.compile(db).sql),
    );
  });

  it('DATABASE_PREPARED_STATEMENTS=off sends every statement unprepared', async () => {
    const off = openServerDatabase(url, { max: 1, preparedStatements: false });
    try {
      for (let time = 0; time < 3; time++)
        await off.db.selectFrom('providers').select('id').where('category', '=', 'airtime').execute();
      expect(await preparedOn(off.db)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
