import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { CapturedPurchase } from './capture';
import { cpuMsEach, machineCpuSeconds } from './cpu';

/**
 * The raw-SQL side of the comparison: the statements a purchase sent (capture.ts), replayed
 * without the API — by pgbench on PostgreSQL, prepared (`-M prepared`, what the server's
 * connections do: planned once per connection) and not (`-M extended`: planned at every call),
 * in this process on PGlite (which pgbench cannot reach). Each parameter is read off the
 * recordings:
 *
 * - the same in every recorded purchase: a constant, sent as it was;
 * - the purchase's Idempotency-Key or the request id the server made: unique per replayed purchase;
 * - a value an earlier statement of the same purchase answered (a new transaction's id, the
 *   user of the session): taken from that statement's answer in the replay too;
 * - the same in both purchases of one user, different between users (the session's token hash,
 *   the user's rate-limit key): that client's own value;
 * - anything else (a time, a text naming the bill): the first recording's value.
 */

export type Argument =
  | { kind: 'constant'; value: unknown }
  | { kind: 'key' }
  | { kind: 'request-id' }
  | { kind: 'answer'; statement: number; column: string }
  | { kind: 'client'; name: string };

export interface ScriptStatement {
  sql: string;
  arguments: Argument[];
  /** Other statements read its one row. */
  answered: boolean;
}

export interface PurchaseScript {
  statements: ScriptStatement[];
  /** Per client (the recordings' users, in order): its own values, by name. */
  clients: Record<string, unknown>[];
}

/** Equality of recorded values, whatever their type (bigint, Buffer, Date, text). */
function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (value instanceof Date) return `time:${value.toISOString()}`;
  return `${typeof value}:${String(value)}`;
}

/** The value as an answer column would show it (ids come back as bigint, sent as bigint). */
const asAnswered = (value: unknown) =>
  value instanceof Uint8Array ? Buffer.from(value).toString('hex') : String(value);

export function scriptOf(recorded: CapturedPurchase[]): PurchaseScript {
  const users = [...new Set(recorded.map((purchase) => purchase.user))].sort((a, b) => a - b);
  const first = recorded.find((purchase) => purchase.user === users[0])!;
  const again = recorded.filter((purchase) => purchase.user === users[0])[1];
  if (!again) throw new Error('bench: the script needs two recorded purchases of the first user');
  const shape = first.statements.map((statement) => statement.sql);
  for (const purchase of recorded) {
    const other = purchase.statements.map((statement) => statement.sql);
    if (other.length !== shape.length || other.some((text, i) => text !== shape[i])) {
      const counts = `${shape.length} and ${other.length}`;
      throw new Error(`bench: the recorded purchases did not send the same statements (${counts}); record again`);
    }
  }
  const clients: Record<string, unknown>[] = users.map(() => ({}));
  const ofUser = users.map((user) => recorded.find((purchase) => purchase.user === user)!);
  const answeredBy = new Set<number>();

  const statements = first.statements.map((statement, i): ScriptStatement => {
    const args = statement.parameters.map((_, j): Argument => {
      const values = recorded.map((purchase) => purchase.statements[i].parameters[j]);
      if (values.every((value) => same(value, values[0]))) return { kind: 'constant', value: values[0] };
      if (recorded.every((purchase) => purchase.statements[i].parameters[j] === purchase.key)) return { kind: 'key' };
      if (recorded.every((purchase) => purchase.statements[i].parameters[j] === purchase.requestId))
        return { kind: 'request-id' };
      const answer = answerOf(recorded, i, j);
      if (answer) {
        answeredBy.add(answer.statement);
        return answer;
      }
      if (same(again.statements[i].parameters[j], first.statements[i].parameters[j])) {
        const name = `s${i}_p${j + 1}`;
        ofUser.forEach((purchase, client) => (clients[client][name] = purchase.statements[i].parameters[j]));
        return { kind: 'client', name };
      }
      return { kind: 'constant', value: first.statements[i].parameters[j] };
    });
    return { sql: statement.sql, arguments: args, answered: false };
  });
  for (const i of answeredBy) statements[i].answered = true;
  return { statements, clients };
}

/** The latest earlier statement that answered one row holding this parameter's value, in every recording. */
function answerOf(
  recorded: CapturedPurchase[],
  i: number,
  j: number,
): Extract<Argument, { kind: 'answer' }> | undefined {
  for (let k = i - 1; k >= 0; k--) {
    const columns = Object.keys(recorded[0].statements[k].rows[0] ?? {});
    for (const column of columns) {
      const holds = recorded.every((purchase) => {
        const rows = purchase.statements[k].rows;
        return (
          rows.length === 1 &&
          rows[0][column] !== null &&
          asAnswered(rows[0][column]) === asAnswered(purchase.statements[i].parameters[j])
        );
      });
      if (holds) return { kind: 'answer', statement: k, column };
    }
  }
  return undefined;
}

/** The statements a purchase sends, counted as the database sees them (transaction control included). */
export const statementCount = (script: PurchaseScript) => script.statements.length;

/** A literal pgbench leaves alone: it reads `:name` as a variable even inside quotes, so no colon is written as one. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString('hex')}'`;
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/:/g, '\\x3a')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
  return `E'${escaped}'`;
}

const SQL_TYPE: Record<string, string> = { bigint: 'bigint', number: 'numeric', string: 'text', boolean: 'boolean' };
const sqlTypeOf = (value: unknown) =>
  value instanceof Uint8Array ? 'bytea' : value instanceof Date ? 'timestamptz' : (SQL_TYPE[typeof value] ?? 'text');

export const CLIENTS_TABLE = 'bench_clients';

/** The clients' own values, one row per client: a pgbench run's client is row :client_id + its offset (runPgbench). */
export async function storeClients(db: Database, script: PurchaseScript): Promise<void> {
  const names = Object.keys(script.clients[0]);
  const columns = names.map((name) => `${name} ${sqlTypeOf(script.clients[0][name])}`);
  const definition = ['client integer PRIMARY KEY', ...columns].join(', ');
  await sql.raw(`DROP TABLE IF EXISTS ${CLIENTS_TABLE}; CREATE TABLE ${CLIENTS_TABLE} (${definition})`).execute(db);
  for (const [client, values] of script.clients.entries()) {
    await db.executeQuery(
      CompiledQuery.raw(`INSERT INTO ${CLIENTS_TABLE} VALUES ($1${names.map((_, i) => `, $${i + 2}`).join('')})`, [
        client,
        ...names.map((name) => values[name]),
      ]),
    );
  }
}

/** The script as pgbench runs it: unique keys from a random number drawn per purchase. */
function pgbenchScript(script: PurchaseScript): string {
  const expression = (argument: Argument): string => {
    switch (argument.kind) {
      case 'constant':
        return literal(argument.value);
      case 'key':
        return `('bench-' || :client || '-' || :purchase)`;
      case 'request-id':
        return `('B' || :client || 'P' || :purchase)`;
      case 'answer':
        return `:s${argument.statement}_${argument.column}`;
      case 'client':
        return `(SELECT ${argument.name} FROM ${CLIENTS_TABLE} WHERE client = :client)`;
    }
  };
  const lines = ['\\set client :client_id + :offset', '\\set purchase random(1, 1000000000000000)'];
  script.statements.forEach((statement, i) => {
    const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => expression(statement.arguments[Number(n) - 1]));
    lines.push(statement.answered ? `${text} \\gset s${i}_` : `${text};`);
  });
  return `${lines.join('\n')}\n`;
}

export interface RawRate {
  perSecond: number;
  failed: number;
  /** Milliseconds of the whole machine's CPU per purchase (pgbench and the database alike), when it could be read. */
  machineCpuMs: number | null;
}

/**
 * How pgbench sends the statements, prepared first (the API is compared with it): named prepared
 * statements, or parsed and planned at every call.
 */
export const PGBENCH_MODES = ['prepared', 'extended'] as const;
export type PgbenchMode = (typeof PGBENCH_MODES)[number];

/**
 * pgbench at `clients` clients for `seconds` against the database at `url`, as the clients from
 * row `offset` of the clients' table on.
 */
export async function runPgbench(
  url: string,
  scriptFile: string,
  mode: PgbenchMode,
  { clients, offset }: { clients: number; offset: number },
  seconds: number,
): Promise<RawRate> {
  const machineBefore = machineCpuSeconds();
  const options = [
    '-n',
    '-M',
    mode,
    '-j',
    '2',
    '-c',
    String(clients),
    '-D',
    `offset=${offset}`,
    '-T',
    String(seconds),
    '--max-tries',
    '3',
    '-f',
    scriptFile,
    url,
  ];
  const { stdout, stderr } = await promisify(execFile)('pgbench', options, {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`bench: pgbench failed: ${error.stderr || error.message}`);
  });
  const machineAfter = machineCpuSeconds();
  const tps = /^tps = ([\d.]+)/m.exec(stdout);
  const failed = /^number of failed transactions: (\d+)/m.exec(stdout);
  const done = /^number of transactions actually processed: (\d+)/m.exec(stdout);
  if (!tps || !done || /aborted/.test(stderr))
    throw new Error(`bench: pgbench did not finish its run:\n${stdout}\n${stderr}`);
  const purchases = Number(done[1]);
  // pgbench's connecting and reporting fall inside the window too: a few milliseconds against its seconds of load.
  return {
    perSecond: Number(tps[1]),
    failed: failed ? Number(failed[1]) : 0,
    machineCpuMs: cpuMsEach(machineBefore, machineAfter, purchases),
  };
}

export async function writePgbenchScript(dir: string, script: PurchaseScript): Promise<string> {
  const file = join(dir, 'purchase.pgbench.sql');
  await writeFile(file, pgbenchScript(script));
  return file;
}

/**
 * The script in this process, one purchase after another on one connection (PGlite has one),
 * as client 0 then 1, … in turn: purchases per second.
 */
export async function replayInProcess(db: Database, script: PurchaseScript, seconds: number): Promise<RawRate> {
  return db.connection().execute(async (connection) => {
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const machineBefore = machineCpuSeconds();
    let purchases = 0;
    while (performance.now() < deadline) {
      const client = purchases % script.clients.length;
      const answers: Record<string, unknown>[][] = [];
      for (const statement of script.statements) {
        const values = statement.arguments.map((argument) => {
          switch (argument.kind) {
            case 'constant':
              return argument.value;
            case 'key':
              return `bench-${client}-${purchases}-${started}`;
            case 'request-id':
              return `B${client}P${purchases}T${Math.round(started)}`;
            case 'answer':
              return answers[argument.statement][0][argument.column];
            case 'client':
              return script.clients[client][argument.name];
          }
        });
        const result = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(statement.sql, values));
        answers.push(result.rows);
      }
      purchases++;
    }
    return {
      perSecond: purchases / ((performance.now() - started) / 1000),
      failed: 0,
      machineCpuMs: cpuMsEach(machineBefore, machineCpuSeconds(), purchases),
    };
  });
}
