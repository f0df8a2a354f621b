/**
 * `npm run poll-bytes`: what an open dashboard costs its customer in data for an hour. The app's
 * real server runs in this process on an embedded database with the demo account signed in, its
 * clock moved a minute before each poll, and the app's three polled calls (get-user,
 * fetch-providers, fetch-notifications) are asked 60 times over a real socket. What crosses the
 * wire for the answers is counted: status line, headers and body as sent.
 *
 * Two ways of asking, against the same server:
 *   before  what the app sent until it kept validators: POST `{}`, no If-None-Match, no Accept-Encoding;
 *   now     what it sends now: GET with the last answer's ETag and the browser's Accept-Encoding.
 *
 * Printed, not asserted (tests/api/platform/pollBytes.test.ts holds the figure to its target).
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { POLL_INTERVAL_MS } from '../../core/limits';
import { OffsetClock } from '../clock';
import { loadConfig } from '../config';
import { openEmbeddedDatabase } from '../db/database';
import { DEMO_ACCOUNT } from '../db/demoAccount';
import { migrate } from '../db/migrate';
import type { Database } from '../db/schema';
import { DevCaptcha } from '../gateways/devCaptcha';
import { DevSms } from '../gateways/devSms';
import { DevOutbox } from '../gateways/devOutbox';
import { SimulatedIdentity } from '../gateways/simulatedIdentity';
import { buildServer } from '../server';

/** The app's polled calls (src/machines/app/session.ts, pollSession). */
export const POLLED_CALLS = ['/api/get-user', '/api/fetch-providers', '/api/fetch-notifications'] as const;

const HOUR_MS = 3_600_000;
/** An hour of polls at the app's cadence. */
export const POLLS_AN_HOUR = HOUR_MS / POLL_INTERVAL_MS;

/** What an open dashboard may cost its customer in an hour (docs/architecture.md, "Targets"). */
export const POLL_BYTES_TARGET = 50 * 1024;

/** What Chromium sends with every request. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export type Asking = 'before' | 'now';

/** One answer as it crossed the wire. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Status line, headers and body, as received. */
  bytes: number;
}

/** The bytes of one hour, and what each call's answers were. */
export interface HourOfPolls {
  asking: Asking;
  bytes: number;
  /** Per call: its answers' statuses, and the bytes of its first answer and of one after it. */
  calls: { path: string; statuses: Record<number, number>; firstBytes: number; laterBytes: number }[];
}

/** A server of ours listening on a port of its own, with the demo account. */
export interface PollServer {
  port: number;
  /** Its database: the demo account's funding went through the ledger. */
  db: Database;
  clock: OffsetClock;
  /** Logs the demo account in (the dashboard opens): its session token. */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The server as production serves the API (its headers are production's, HSTS among them), with
 * development's keys and demo account. A session idle for 30 minutes ends by default, and the
 * polls are not activity: here it lasts 90, the hour of a customer who keeps the dashboard open.
 */
export async function startPollServer(): Promise<PollServer> {
  const { config: development } = loadConfig({
    APP_MODE: 'development',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    SESSION_IDLE_MINUTES: '90',
  });
  const config = { ...development, production: true };
  const database = await openEmbeddedDatabase();
  await migrate(database.db);
  const clock = new OffsetClock();
  const mailer = new DevOutbox({ print: () => {}, clock });
  // Production has no stand-in providers of its own; these answer nothing the polls ask.
  const stands = {
    captcha: new DevCaptcha(),
    identity: new SimulatedIdentity(),
    sms: new DevSms({ print: () => {}, clock }),
  };
  const { app } = await buildServer(config, { db: database.db, clock, mailer, ...stands, seedDemoAccount: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const signIn = async () => {
    const login = await send(port, 'POST', '/api/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const token = (JSON.parse(login.body) as { data?: { token?: string } }).data?.token;
    if (login.answer.status !== 200 || !token)
      throw new Error(`poll-bytes: the demo account's login answered ${login.answer.status}: ${login.body}`);
    return token;
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { port, db: database.db, clock, signIn, close };
}

/** One connection, kept alive, as a browser keeps its connection to the app's origin. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one request and counts the bytes of its answer on the socket. */
function send(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  { body, headers = {} }: { body?: object; headers?: Record<string, string> } = {},
): Promise<{ answer: Answer; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const asked = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        const socket = response.socket;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = socket.bytesRead - readBefore;
          const status = response.statusCode ?? 0;
          resolve({ answer: { status, headers: response.headers, bytes }, body: Buffer.concat(chunks).toString() });
        });
        response.on('error', reject);
      },
    );
    let readBefore = 0;
    asked.on('socket', (socket) => (readBefore = socket.bytesRead));
    asked.on('error', reject);
    asked.end(payload);
  });
}

/** Asks one polled call the way `asking` says, with the tag of its last full answer. */
export async function poll(
  server: PollServer,
  { path, token, asking, tag }: { path: string; token: string; asking: Asking; tag?: string },
): Promise<Answer> {
  const authorization = { authorization: `Bearer ${token}` };
  if (asking === 'before') return (await send(server.port, 'POST', path, { body: {}, headers: authorization })).answer;
  const conditional: Record<string, string> = tag ? { 'if-none-match': tag } : {};
  const headers = { ...authorization, 'accept-encoding': BROWSER_ENCODINGS, ...conditional };
  return (await send(server.port, 'GET', path, { headers })).answer;
}

/**
 * An hour of an open dashboard, asked `asking`'s way: signed in, a poll at once, then one each
 * minute, the clock moved a minute before each.
 */
export async function hourOfPolls(server: PollServer, asking: Asking): Promise<HourOfPolls> {
  const calls = POLLED_CALLS.map((path) => ({ path, statuses: {} as Record<number, number>, answers: [] as Answer[] }));
  const token = await server.signIn();
  for (let round = 0; round < POLLS_AN_HOUR; round++) {
    if (round > 0) server.clock.advance(POLL_INTERVAL_MS);
    for (const call of calls) {
      const answer = await poll(server, { path: call.path, token, asking, tag: keptTag(call.answers) });
      call.statuses[answer.status] = (call.statuses[answer.status] ?? 0) + 1;
      call.answers.push(answer);
    }
  }
  return {
    asking,
    bytes: calls.reduce((sum, call) => sum + call.answers.reduce((total, answer) => total + answer.bytes, 0), 0),
    calls: calls.map(({ path, statuses, answers }) => ({
      path,
      statuses,
      firstBytes: answers[0].bytes,
      laterBytes: answers.at(-1)?.bytes ?? 0,
    })),
  };
}

/** The tag the app keeps: that of the last 200 (a 304 confirms it). */
function keptTag(answers: Answer[]): string | undefined {
  const full = answers.findLast((answer) => answer.status === 200);
  return typeof full?.headers.etag === 'string' ? full.headers.etag : undefined;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(hour: HourOfPolls): string[] {
  const title =
    hour.asking === 'before'
      ? 'before (POST {}, no If-None-Match, no Accept-Encoding)'
      : 'now (GET, If-None-Match, Accept-Encoding)';
  const lines = [`${title}: ${hour.bytes.toLocaleString('en')} bytes an hour (${kb(hour.bytes)})`];
  for (const call of hour.calls) {
    const statuses = Object.entries(call.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    lines.push(`  ${call.path.padEnd(26)} ${statuses}; first ${call.firstBytes} bytes, then ${call.laterBytes}`);
  }
  return lines;
}

export async function main(): Promise<number> {
  const server = await startPollServer();
  try {
    const before = await hourOfPolls(server, 'before');
    const now = await hourOfPolls(server, 'now');
    console.log(
      `An open dashboard for an hour: ${POLLS_AN_HOUR} polls of ${POLLED_CALLS.length} calls, the demo account.`,
    );
    console.log('Bytes of the answers as received (status line, headers, body), over HTTP/1.1 without TLS.');
    console.log('');
    for (const line of [...report(before), '', ...report(now)]) console.log(line);
    const met = now.bytes <= POLL_BYTES_TARGET ? 'met' : 'NOT met';
    console.log('');
    console.log(
      `target: at most ${kb(POLL_BYTES_TARGET)} an hour: ${met} (${(before.bytes / now.bytes).toFixed(1)} times less)`,
    );
    return 0;
  } finally {
    agent.destroy();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
