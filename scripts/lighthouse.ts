// The Lighthouse gate, on a finished `npm run build` (this script builds nothing of the app
// itself): every public and every signed-in route, mobile, in Debian's Chromium, each judged
// against a bare Vite + React page measured in the same run, with Lighthouse's simulated
// throttling and with applied throttling (its devtools method: slow 4G and a slower CPU, really
// applied), the CPU slowed to the same phone on any host (the calibration, lighthouseGate.ts and
// phoneLab.ts): a mid-tier phone and a low-tier one, each route judged at both (`--tier` picks one).
// What passes and how many runs are taken is scripts/lighthouseGate.ts's to decide (a test drives
// it with a measurer of its own); this file measures. `npm test -- lighthouse` runs it.
//
//   npm run build && npm run lighthouse -- [--runs auto|N] [--routes /,/login,dashboard] [--report-only] [--dist dist] [--reports dir [--samples]] [--cpu-slowdown N] [--tier low|mid|both] [--devtools-costs]
//
// Both pages are served the same way: the real server (APP_MODE=development for the demo
// account, its own PGlite in a temporary DATA_DIR), once with dist/ on LIGHTHOUSE_PORT (3467)
// and once with the baseline's build as STATIC_DIR on the next port. Two Chrome profiles: the
// public routes and the baseline always on one that never signs in, the signed-in routes on one
// where the demo account signed in through the login form. Lighthouse empties the HTTP cache,
// the service worker and its caches before every run (not the stored session), so each run is a
// first visit.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { SERVICES } from '../core/services';
import {
  BASELINE,
  TIERS,
  failuresOf,
  formatTable,
  parseTiers,
  runTiers,
  type Mode,
  type Run,
  type Target,
  type Tier,
  type TierResult,
} from './lighthouseGate';
import {
  browserAtPageFooting,
  builtApp,
  installedBrowser,
  calibrate,
  calibrateHost,
  describeSlowdown,
  signIn,
  startServer,
  stopServers,
  withoutDevToolsCosts,
} from './phoneLab';

const PUBLIC_ROUTES = ['/', '/terms', '/policy', '/login', '/register', '/forgot', '/reset', '/iamhuman'];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/activities',
  '/notification',
  '/funding',
  '/profile',
  '/password',
  '/pin',
  '/reset-pin',
  '/support',
  '/more',
  '/statements',
  ...SERVICES.map((service) => service.route),
];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: 'auto' },
    routes: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    // Another build to serve, e.g. a copy kept from before a change, measured in the same conditions.
    dist: { type: 'string', default: 'dist' },
    // Where to keep every run's full Lighthouse report and its trace (JSON), to see where a route's time goes.
    reports: { type: 'string' },
    // A fixed CPU slowdown instead of the calibration (4 is Lighthouse's own default), to compare the two.
    'cpu-slowdown': { type: 'string' },
    // The phones to judge at: the mid tier, the low tier, or both (each a calibration and a table of its own).
    tier: { type: 'string', default: 'both' },
    // With --reports: each trace also holds V8's samples of the running code and its compile events, for
    // `npm run long-tasks`; the sampler slows the page, so such a run's figures are not the gate's.
    samples: { type: 'boolean', default: false },
    // The applied runs with DevTools' stack traces and the trace's copy of each script's source on, as
    // Lighthouse leaves them: to see what they cost.
    'devtools-costs': { type: 'boolean', default: false },
  },
});
if (args.samples && !args.reports) throw new Error('--samples is for traces kept with --reports <dir>');
/** Trace categories a --samples run adds to Lighthouse's: what code ran (sampled) and when V8 compiled it. */
const SAMPLED_CATEGORIES = ['disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.compile'];
/**
 * Whether the Lighthouse run under way keeps DevTools' stack traces (phoneLab.ts,
 * withoutDevToolsCosts). Its simulated runs do: Lighthouse's simulation models which file waits
 * for which from the stack of the script that asked for each, and without them a file a script
 * asks for loses that script as its parent. Its applied runs time the page itself, as a phone runs it.
 */
let keepStacks = false;
const fixedRuns = args.runs === 'auto' ? undefined : Number(args.runs);
if (fixedRuns !== undefined && (!Number.isInteger(fixedRuns) || fixedRuns < 1))
  throw new Error(`--runs must be auto or a whole number ≥ 1, not ${args.runs}`);
const wanted = args.routes?.split(',').map((route) => (route.startsWith('/') ? route : `/${route}`));
const tiers = parseTiers(args.tier);
if (args['cpu-slowdown'] !== undefined && tiers.length > 1)
  throw new Error('--cpu-slowdown fixes one slowdown: name the tier it stands for with --tier low or --tier mid');
const pick = (routes: string[]) => (wanted ? routes.filter((route) => wanted.includes(route)) : routes);

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3467);
const baselinePort = port + 1;
const dist = builtApp(args.dist);
const browserPath = installedBrowser(args.chrome);

/** Lighthouse could not measure the page at all (declared before the top-level run below uses it). */
class LighthouseRuntimeError extends Error {}

const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'naira-lighthouse-'));
const servers: ChildProcess[] = [];
const chromes: chromeLauncher.LaunchedChrome[] = [];
/** The runs that measured nothing and were taken again, with why: printed after the tables. */
const retried: string[] = [];
/** The figures a route's run could not compute, each counted as a miss, with why: printed after the tables. */
const uncomputed: string[] = [];
const footing = browserAtPageFooting(browserPath, scratch);
const chromePath = footing.path;
/** Stops the Chromes and servers and removes the scratch folder: at the end, or when stopped. */
async function cleanUp() {
  footing.release();
  for (const chrome of chromes) chrome.kill();
  await stopServers(servers);
  rmSync(scratch, { recursive: true, force: true });
}
// A gate stopped from outside (a time limit, Ctrl-C) takes its Chromes and servers with it: left
// running, a page's endless animations and the servers' work would slow every later measurement.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));

try {
  const baselineDir = await buildBaseline(join(scratch, 'baseline'));
  servers.push(await startServer(port, dist, join(scratch, 'data')));
  servers.push(await startServer(baselinePort, baselineDir, join(scratch, 'baseline-data')));
  const origin = `http://127.0.0.1:${port}`;
  const targets: Target[] = [
    ...pick(PUBLIC_ROUTES).map((route) => ({ route, signedIn: false })),
    ...pick(SIGNED_IN_ROUTES).map((route) => ({ route, signedIn: true })),
  ];

  const signedOut = await openProfile(join(scratch, 'signed-out'));
  const signedIn = targets.some((target) => target.signedIn)
    ? await openProfile(join(scratch, 'signed-in'))
    : undefined;
  if (signedIn) await signIn(signedIn.page, origin);

  const baselineUrl = `http://127.0.0.1:${baselinePort}/`;
  // The benchmark Lighthouse runs before each navigation is unthrottled, so any slowdown will do here.
  // One reading of the host serves every tier: each divides it down to its own phone.
  const calibrated = await calibrateHost(
    async () =>
      (
        await withRetries(
          'calibration',
          () => lighthouseRun(baselineUrl, signedOut, 'simulated', false, 1),
          () => freshTab(signedOut),
        )
      ).benchmarkIndex,
    TIERS.mid,
  );
  const fixedSlowdown = args['cpu-slowdown'] !== undefined;
  const slowdownOf = (tier: Tier) =>
    fixedSlowdown ? Number(args['cpu-slowdown']) : calibrate(calibrated.indexes, TIERS[tier]).cpuSlowdown;
  if (!(slowdownOf(tiers[0]) >= 1)) throw new Error(`--cpu-slowdown must be a number ≥ 1, not ${args['cpu-slowdown']}`);
  const measureAt = (tier: Tier) => (target: Target, mode: Mode, full: boolean) => {
    const profile = target.signedIn ? signedIn! : signedOut;
    const url = target === BASELINE ? baselineUrl : origin + target.route;
    const what = `${tier} tier ${target.route} ${mode}`;
    return withRetries(
      what,
      async () => {
        const { missing, ...run } = await lighthouseRun(url, profile, mode, full, slowdownOf(tier), tier);
        if (missing.length === 0) return run;
        // The bare page is what every route is judged against: a run of it without a figure
        // measured nothing. A route's own figure missing is the page's doing, and counts as a miss.
        if (target === BASELINE) throw new LighthouseRuntimeError(`${what}: ${missing.join('; ')}`);
        uncomputed.push(...missing.map((why) => `${what}: ${why}`));
        return run;
      },
      () => freshTab(profile),
    );
  };
  const how =
    fixedRuns === undefined
      ? 'one run when clear of the targets by a margin, else the median of three'
      : `median of ${fixedRuns} run(s)`;
  // Each tier's table is printed as soon as it is judged: a later tier that cannot go on loses none of it.
  const printTier = ({ tier, ...result }: TierResult) => {
    console.log(
      `\n\n${tier === 'mid' ? 'Mid' : 'Low'} tier: ${TIERS[tier].name}, index ${TIERS[tier].benchmarkIndex}.`,
    );
    console.log(
      `Lighthouse, mobile, ${how}, in each measurement: simulated throttling (sim) and applied throttling (app, slow 4G and the slowed CPU).`,
    );
    console.log(
      args['devtools-costs']
        ? "DevTools' stack traces and the trace's script sources on in every run, as Lighthouse leaves them (--devtools-costs)."
        : "The trace's copy of the scripts' sources off; DevTools' stack traces off in the applied runs, as on a phone, on in the simulated runs.",
    );
    console.log(
      `${describeSlowdown(calibrated.indexes, slowdownOf(tier), TIERS[tier], fixedSlowdown)}, in both measurements.`,
    );
    // The benchmark index times JavaScript only: the browser's own work (layout, its font look-ups
    // in the browser process) keeps its pace per CPU, so figures compare only between like hosts.
    console.log(`Host CPU: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores.`);
    console.log(formatTable(result));
  };
  const results = await runTiers(tiers, targets, measureAt, {
    fixedRuns,
    onRun: () => process.stdout.write('.'),
    onTier: printTier,
  });
  process.stdout.write('\n');
  for (const profile of [signedOut, signedIn]) await profile?.browser.disconnect();

  console.log(
    `Targets: LCP ≤ 1.00× the bare page's, TBT ≤ 50 ms above its, CLS 0, performance ≥ 98, accessibility and best practices 100. Goals (printed, not judged): LCP ≤ 1.8 s simulated, ≤ 1.5 s applied.`,
  );
  const failed = failuresOf(results);
  for (const { tier, verdict } of failed) {
    const { modes } = verdict;
    if (!modes) continue;
    const elements = (['simulated', 'applied'] as const).map(
      (mode) => `${mode} LCP element: ${modes[mode].runs[0].lcpElement ?? '?'}`,
    );
    console.log(`  ${tier} tier ${verdict.target.route}: ${elements.join('; ')}`);
  }
  if (retried.length > 0)
    console.log(`Runs taken again, having measured nothing:\n${retried.map((why) => `  - ${why}`).join('\n')}`);
  if (uncomputed.length > 0)
    console.log(`Figures not computed, each counted as a miss:\n${uncomputed.map((why) => `  - ${why}`).join('\n')}`);
  if (args.samples)
    console.log('Taken with V8 sampling the page (--samples): every figure reads slower than the page.');
  console.log(`Gate wall time: ${Math.round((Date.now() - started) / 1000)} s.`);
  if (failed.length > 0) {
    console.error(
      `\nLighthouse gate failed:\n${failed
        .map(({ tier, verdict }) => `  - ${tier} tier ${verdict.target.route}: ${verdict.misses.join('; ')}`)
        .join('\n')}`,
    );
    // A sampled run is slower than the page: it is for reading the traces, never a verdict.
    if (!args['report-only'] && !args.samples) process.exitCode = 1;
  } else {
    console.log(
      `\nLighthouse gate passed on every route, at ${tiers.map((tier) => `the ${tier} tier`).join(' and ')}.`,
    );
  }
} finally {
  await cleanUp();
}

interface Profile {
  port: number;
  browser: Browser;
  page: Page;
}

/**
 * Gives the profile a new tab in place of its last one, before a run is taken again: Lighthouse's
 * failures to record a trace (NO_NAVSTART) came back run after run in the tab they first hit.
 */
async function freshTab(profile: Profile) {
  const worn = profile.page;
  profile.page = await profile.browser.newPage();
  await worn.close().catch(() => undefined);
}

/** A Chrome of its own (its own profile folder), with the one tab Lighthouse drives. */
async function openProfile(userDataDir: string): Promise<Profile> {
  mkdirSync(userDataDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  chromes.push(chrome);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  if (!args['devtools-costs']) await withoutDevToolsCosts(browser, () => keepStacks);
  return { port: chrome.port, browser, page: await browser.newPage() };
}

/** The smallest Vite + React page, built and precompressed the way `npm run build` builds ours. */
async function buildBaseline(root: string): Promise<string> {
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<meta name="description" content="A bare Vite and React page." /><title>Baseline</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(<main><h1>Hello</h1><p>A bare Vite and React page.</p></main>);\n",
  );
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { react: resolve('node_modules/react'), 'react-dom': resolve('node_modules/react-dom') } },
    build: { outDir, emptyOutDir: true },
  });
  await run(process.execPath, ['scripts/precompress.mjs', outDir]);
  return outDir;
}

function run(command: string, argv: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, argv, { stdio: 'ignore' });
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${argv.join(' ')} exited ${code}`)),
    );
  });
}

/**
 * One Lighthouse navigation of `url` on a profile, in one measurement. No screenshots: they
 * are seconds a run and no metric reads them. Applied throttling makes Lighthouse wait for 5 s
 * quiet windows (it cannot judge TBT without them); the simulated runs keep its 1 s defaults.
 */
async function lighthouseRun(
  url: string,
  profile: Profile,
  mode: Mode,
  full: boolean,
  cpuSlowdown: number,
  tier: Tier | 'calibration' = 'calibration',
): Promise<Run & { benchmarkIndex: number; missing: string[] }> {
  keepStacks = mode === 'simulated';
  const result = await lighthouse(
    url,
    {
      port: profile.port,
      output: 'json',
      logLevel: 'error',
      throttlingMethod: mode === 'applied' ? 'devtools' : 'simulate',
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      onlyCategories: full ? ['performance', 'accessibility', 'best-practices'] : ['performance'],
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
      // The service worker is kept from installing: once the page has loaded it downloads the whole
      // app in the background (the precache), which no metric of the visit reads but which every
      // applied-throttling run would wait out (5 s of network quiet) on a slow 4G network.
      blockedUrlPatterns: ['*/sw.js'],
      // Only on request (--samples): V8's sampler slows every task it samples.
      ...(args.samples ? { additionalTraceCategories: SAMPLED_CATEGORIES.join(',') } : {}),
    },
    undefined,
    profile.page,
  ).finally(() => (keepStacks = false));
  // The tab rests on a blank page until its next run: the page just measured would otherwise go on
  // polling and drawing beside the other profile's measurements.
  await profile.page.goto('about:blank');
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (args.reports) {
    mkdirSync(args.reports, { recursive: true });
    const name = `${tier}-${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${mode}-${Date.now()}.json`;
    writeFileSync(join(args.reports, name), JSON.stringify(lhr));
    // The trace beside it, when the run recorded one: where each long task's time goes (open it in
    // the browser's performance panel).
    const trace = result.artifacts.Trace as unknown;
    if (trace) writeFileSync(join(args.reports, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}: the route redirected`);
  const score = (category: string) => Math.round((lhr.categories[category].score ?? 0) * 100);
  // An audit that could not compute its figure says why (TBT with no quiet window to end in:
  // NO_TTI_CPU_IDLE_PERIOD). The figure reads as infinite, which no target passes, and the run
  // says why (a median over a missing figure printed NaN).
  const missing: string[] = [];
  const figure = (id: string) => {
    const audit = lhr.audits[id];
    if (typeof audit?.numericValue === 'number') return audit.numericValue;
    missing.push(`no ${id}: ${audit?.errorMessage ?? audit?.explanation ?? 'no reason given'}`);
    return Infinity;
  };
  // Lighthouse 13 names the LCP element in its LCP breakdown insight.
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details;
  const node = breakdown?.type === 'list' ? breakdown.items.find((item) => item.type === 'node') : undefined;
  return {
    performance: score('performance'),
    lcpMs: figure('largest-contentful-paint'),
    tbtMs: figure('total-blocking-time'),
    cls: figure('cumulative-layout-shift'),
    accessibility: full ? score('accessibility') : undefined,
    bestPractices: full ? score('best-practices') : undefined,
    lcpElement: node?.type === 'node' ? `${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : undefined,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    missing,
  };
}

/**
 * Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP), or
 * the browser to answer a protocol command in time (PROTOCOL_TIMEOUT); such a run says nothing of
 * the page, so it is run again in a fresh tab, twice at most, and the gate says so after its tables.
 */
async function withRetries<T>(
  what: string,
  measureOnce: () => Promise<T>,
  beforeRetry: () => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce();
    } catch (error) {
      if (attempt === 3 || !unmeasured(error)) throw error;
      retried.push(`${what}: ${(error as Error).message}`);
      process.stdout.write('r');
      await beforeRetry();
    }
  }
}

/**
 * A run that measured nothing: Lighthouse's runtime error in its report, or one it threw (its own
 * flag on the error, e.g. the browser not answering a protocol command in time).
 */
function unmeasured(error: unknown): boolean {
  return (
    error instanceof LighthouseRuntimeError || (error as { lhrRuntimeError?: unknown } | null)?.lhrRuntimeError === true
  );
}
