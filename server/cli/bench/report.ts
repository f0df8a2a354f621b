import type { LoadResult } from './load';
import type { DatabaseReport, RawRun } from './run';

/** The bench's table, with the targets (docs/architecture.md, "Targets") and how far each figure is from its own. */

const TARGETS = {
  purchasesPerSecond: 500,
  /** API purchases/s over the same statements as raw SQL, prepared, at the highest client count. */
  rawShare: 0.6,
  /** Purchases' p99 at the highest client count, in milliseconds. */
  purchaseP99Ms: 250,
  pollPerSecond: 2_000,
  /** List latency at the largest history over the smallest, per page: flat is about 1. */
  listGrowth: 2,
};

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 10 ? whole(n) : n.toFixed(1));
const percent = (n: number) => `${Math.round(n * 100)} %`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
const cpuMs = (ms: number | null) => (ms === null ? 'n/a' : `${ms.toFixed(2)} ms`);
const cpu = (result: LoadResult) => cpuMs(result.serverCpuMs);

function refusals(result: LoadResult): string {
  const entries = Object.entries(result.refused);
  return entries.length === 0
    ? ''
    : ` (not 2xx: ${entries.map(([status, count]) => `${status} × ${count}`).join(', ')})`;
}

/** A row of a Markdown table. */
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

const databaseName = (report: DatabaseReport) =>
  report.kind === 'postgres' ? report.version : `PGlite (${report.version}, in the server's process)`;

/** What each raw run is, as the table's column says it. */
const RAW_LABEL: Record<RawRun['mode'], string> = {
  prepared: 'raw SQL, prepared (pgbench -M prepared)',
  extended: 'raw SQL, unprepared (pgbench -M extended)',
  'in-process': 'raw SQL (in process, one connection)',
};

const rawCells = (api: LoadResult, raw: RawRun[]) =>
  raw
    .map(({ rate }) =>
      [
        `${whole(rate.perSecond)}${rate.failed ? ` (${rate.failed} failed)` : ''}`,
        cpuMs(rate.machineCpuMs),
        percent(api.perSecond / rate.perSecond),
      ].join(' | '),
    )
    .join(' | ');

/**
 * The machine's CPU a purchase costs through the API and as raw SQL, at the highest client
 * count: on a machine both runs keep busy, the API's rate can reach at most the raw SQL's CPU
 * over its own, whatever the two rates measured in one moment of a shared machine.
 */
function machineBudget(report: DatabaseReport): string | null {
  const top = report.purchases.at(-1);
  const raw = top?.raw[0];
  if (!top || !raw || top.api.machineCpuMs === null || raw.rate.machineCpuMs === null) return null;
  const api = top.api.machineCpuMs;
  return (
    "The whole machine's CPU (every core and process: server, database, fake biller, load generator and " +
    `SMTP sink, kernel) per purchase at ${top.clients} clients: ` +
    `${cpuMs(api)} through the API, ${cpuMs(raw.rate.machineCpuMs)} as ${RAW_LABEL[raw.mode]}; ` +
    `with the machine busy, the API can reach at most ${percent(raw.rate.machineCpuMs / api)} of that rate.`
  );
}

export function databaseSection(report: DatabaseReport): string {
  const modes = report.purchases[0]?.raw.map((run) => run.mode) ?? [];
  const budget = machineBudget(report);
  const { poll } = report;
  const pages = [...new Set(report.lists.map((list) => list.page))];
  const problems = report.audit.map((problem) => `  - ${problem}`).join('\n');
  const lines = [
    `## ${databaseName(report)}${report.pool === null ? '' : `, server pool ${report.pool}`}`,
    '',
    `A purchase sends ${report.statementsPerPurchase} statements ` +
      '(recorded from the API; transaction control included).',
    '',
    row([
      'clients',
      'API purchases/s',
      'p50 / p99',
      'server CPU per purchase',
      'database CPU per purchase',
      'machine CPU per purchase',
      modes.map((mode) => `${RAW_LABEL[mode]} | machine CPU per purchase | API ÷ it`).join(' | '),
    ]),
    `|---:|---:|---:|---:|---:|---:|${modes.map(() => '---:|---:|---:|').join('')}`,
    ...report.purchases.map(({ clients, api, raw }) =>
      row([
        clients,
        `${whole(api.perSecond)}${refusals(api)}`,
        `${ms(api.p50)} / ${ms(api.p99)} ms`,
        cpu(api),
        cpuMs(api.databaseCpuMs),
        cpuMs(api.machineCpuMs),
        rawCells(api, raw),
      ]),
    ),
    '',
    ...(budget === null ? [] : [budget, '']),
    'Poll mix (get-user, fetch-providers, fetch-notifications, equally often): ' +
      `${whole(poll.perSecond)} requests/s, p50 / p99 ${ms(poll.p50)} / ${ms(poll.p99)} ms, ` +
      `server CPU ${cpu(poll)} and database CPU ${cpuMs(poll.databaseCpuMs)} per request${refusals(poll)}`,
    '',
    row(['fetch-transactions, p50 (p99)', pages.map((page) => `page ${page}`).join(' | ')]),
    `|---:|${pages.map(() => '---:').join('|')}|`,
    ...[...new Set(report.lists.map((list) => list.transactions))].map(
      (size) =>
        `| ${whole(size)} transactions | ${report.lists
          .filter((list) => list.transactions === size)
          .map((list) => `${ms(list.result.p50)} (${ms(list.result.p99)}) ms${refusals(list.result)}`)
          .join(' | ')} |`,
    ),
    '',
    report.audit.length === 0
      ? 'Ledger audit after every purchase of the run: clean.'
      : `Ledger audit: ${report.audit.length} problem(s):\n${problems}`,
    `Server log: ${report.serverLog}`,
  ];
  return lines.join('\n');
}

/** Largest history's latency over the smallest's, the worse page. */
function listGrowth(report: DatabaseReport): number {
  const sizes = report.lists.map((list) => list.transactions);
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const growths = [...new Set(report.lists.map((list) => list.page))].map((page) => {
    const at = (size: number) =>
      report.lists.find((list) => list.page === page && list.transactions === size)!.result.p50;
    return at(large) / at(small);
  });
  return Math.max(...growths);
}

export function targetsSection(reports: DatabaseReport[]): string {
  const lines = ['## Targets (docs/architecture.md, on this 2-core machine)', ''];
  for (const report of reports) {
    const top = report.purchases.at(-1)!;
    const name = report.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const target = (goal: string, measured: string, met: boolean) => `- ${name}: ${goal}: ${measured}, ${mark(met)}`;
    if (report.kind === 'postgres') {
      const share = top.api.perSecond / top.raw[0].rate.perSecond;
      lines.push(
        target(
          `≥ ${whole(TARGETS.purchasesPerSecond)} purchases/s at ${top.clients} clients`,
          whole(top.api.perSecond),
          top.api.perSecond >= TARGETS.purchasesPerSecond,
        ),
      );
      lines.push(
        target(
          `≥ ${percent(TARGETS.rawShare)} of the ${RAW_LABEL[top.raw[0].mode]} rate at ${top.clients} clients`,
          percent(share),
          share >= TARGETS.rawShare,
        ),
      );
      lines.push(
        target(
          `purchases' p99 ≤ ${TARGETS.purchaseP99Ms} ms at ${top.clients} clients`,
          `${ms(top.api.p99)} ms`,
          top.api.p99 <= TARGETS.purchaseP99Ms,
        ),
      );
      lines.push(
        target(
          `poll mix ≥ ${whole(TARGETS.pollPerSecond)} requests/s`,
          whole(report.poll.perSecond),
          report.poll.perSecond >= TARGETS.pollPerSecond,
        ),
      );
    }
    const growth = listGrowth(report);
    lines.push(
      target(
        'activity list flat in the number of transactions ' +
          `(largest history ≤ ${TARGETS.listGrowth}× the smallest's latency)`,
        `${growth.toFixed(1)}×`,
        growth <= TARGETS.listGrowth,
      ),
    );
  }
  return lines.join('\n');
}
