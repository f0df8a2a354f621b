import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { ACTIVITIES_PAGE_SIZE } from '../../../core/limits';
import { cpuMsEach, machineCpuSeconds } from './cpu';
import type { BenchUser } from './seed';

/**
 * The load: autocannon (why: docs/architecture.md, "Measuring it"), one instance per
 * signed-in user with one keep-alive connection each, so that N clients are N different users,
 * merged into one result (autocannon.aggregateResult).
 */

export interface LoadResult {
  perSecond: number;
  /** Milliseconds of the server process's CPU per request, when it could be read. */
  serverCpuMs: number | null;
  /** Milliseconds of the database server's CPU per request (its backends serving the server), when it could be read. */
  databaseCpuMs: number | null;
  /**
   * Milliseconds of the whole machine's CPU per request (every core, every process: the server,
   * the database, the fake biller, the load generator and SMTP sink, the kernel), when it could be read.
   */
  machineCpuMs: number | null;
  /** Milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx, by status, and connection errors and timeouts. */
  refused: Record<string, number>;
}

/** The SPA's calls are POSTs with a JSON body (src/api/kit/http.ts). */
const call = (
  path: string,
  token: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): autocannon.Request => ({
  method: 'POST',
  path,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The server under load: where to send requests, and its CPU clock. */
export interface Target {
  url: string;
  cpuSeconds(): number | null;
  /** The database's CPU seconds so far per backend serving the server (BenchStorage.backendCpuSeconds). */
  databaseCpuSeconds(): Promise<ReadonlyMap<number, number> | null>;
}

async function run(
  target: Target,
  connections: { requests: autocannon.Request[] }[],
  options: { seconds?: number; amount?: number },
): Promise<LoadResult> {
  const { url } = target;
  const cpuBefore = target.cpuSeconds();
  const databaseBefore = await target.databaseCpuSeconds();
  const machineBefore = machineCpuSeconds();
  const raw = await Promise.all(
    connections.map(({ requests }) =>
      autocannon({
        url,
        connections: 1,
        requests,
        skipAggregateResult: true,
        timeout: 30,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
      }),
    ),
  );
  const machineAfter = machineCpuSeconds();
  const cpuAfter = target.cpuSeconds();
  const databaseAfter = await target.databaseCpuSeconds();
  const merged = autocannon.aggregateResult(raw, { url, connections: connections.length });
  const requests = raw.reduce((sum, result) => sum + result.totalCompletedRequests, 0);
  const seconds = Math.max(...raw.map((result) => result.duration));
  const refused: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(merged.statusCodeStats))
    if (!status.startsWith('2')) refused[status] = count;
  if (merged.errors > 0) refused.errors = merged.errors;
  if (merged.timeouts > 0) refused.timeouts = merged.timeouts;
  const perRequest = (before: number | null, after: number | null) => cpuMsEach(before, after, requests);
  // Per backend: one the pool opened during the run counts from zero.
  const databaseUsed =
    databaseBefore && databaseAfter
      ? [...databaseAfter].reduce((sum, [pid, used]) => sum + used - (databaseBefore.get(pid) ?? 0), 0)
      : null;
  return {
    perSecond: requests / seconds,
    serverCpuMs: perRequest(cpuBefore, cpuAfter),
    databaseCpuMs: perRequest(databaseUsed === null ? null : 0, databaseUsed),
    machineCpuMs: perRequest(machineBefore, machineAfter),
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    requests,
    refused,
  };
}

/** Each user buys `product` over and over, each purchase with an Idempotency-Key of its own. */
export function purchases(
  target: Target,
  users: BenchUser[],
  category: string,
  body: unknown,
  seconds: number,
): Promise<LoadResult> {
  return run(
    target,
    users.map((user) => ({
      requests: [
        {
          ...call(`/api/${category}`, user.token, body),
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'idempotency-key': `bench-${randomUUID()}` },
          }),
        },
      ],
    })),
    { seconds },
  );
}

/**
 * The SPA's 60-s poll (src/machines/app/session.ts: get-user, fetch-providers and
 * fetch-notifications, equally often), each connection cycling through its own users.
 */
export function pollMix(target: Target, users: BenchUser[], connections: number, seconds: number): Promise<LoadResult> {
  const groups = Array.from({ length: connections }, (_, i) => users.filter((_, u) => u % connections === i));
  return run(
    target,
    groups.map((group) => ({
      requests: group.flatMap((user) =>
        ['/api/get-user', '/api/fetch-providers', '/api/fetch-notifications'].map((path) => call(path, user.token)),
      ),
    })),
    { seconds },
  );
}

/**
 * One user's activity list, one page of the app's size, `count` times in a row after one
 * unmeasured request: timed here to the microsecond (autocannon's latencies are whole milliseconds).
 */
export async function listPage(
  { url, cpuSeconds }: Target,
  user: BenchUser,
  page: number,
  count: number,
): Promise<LoadResult> {
  const request = call('/api/fetch-transactions', user.token, { page, pagination: ACTIVITIES_PAGE_SIZE });
  const send = async () => {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  await send();
  const cpuBefore = cpuSeconds();
  const times: number[] = [];
  const refused: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const status = await send();
    times.push(performance.now() - started);
    if (status >= 300) refused[status] = (refused[status] ?? 0) + 1;
  }
  const cpuAfter = cpuSeconds();
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  const serverCpuMs = cpuMsEach(cpuBefore, cpuAfter, count);
  return {
    perSecond: count / (times.reduce((sum, time) => sum + time, 0) / 1000),
    serverCpuMs,
    databaseCpuMs: null,
    machineCpuMs: null,
    p50: at(0.5),
    p99: at(0.99),
    requests: count,
    refused,
  };
}
