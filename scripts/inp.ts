// Interaction to Next Paint on the customers' phones, on a finished `npm run build` (this script
// builds nothing of the app): three taps they make all the time, each several times on a freshly
// loaded page, in Debian's Chromium emulating a low-tier phone (DevTools' low-tier preset, a Moto
// G4 class phone: its screen, touch, and the CPU slowed to its benchmark index from this host's,
// as scripts/phoneLab.ts calibrates, in the measured tab before the server starts). The index is
// read again after the last tap: on a machine shared with other work the host may have grown
// busier meanwhile, which slows the taps beyond the phone, and the line under the table says so.
//
//   npm run build && npm run inp -- [--runs 5] [--only pin,row,picker] [--gate] [--cpu-slowdown N] [--traces dir] [--dist dist]
//
// A tap's latency is read as the web-vitals library reads INP: a PerformanceObserver of the page's
// 'event' entries (durationThreshold 16, buffered), grouped by interactionId, the interaction's
// latency being the longest duration among its entries (from the touch to the next frame presented
// after its handlers ran). The interaction measured is the first one to start after the tap was
// sent. One none of whose events reaches 16 ms leaves no entry at all: it counts as 16 ms, its
// ceiling.
//
// The network picker is a native <select>. Chrome on Android opens its list outside the page, as a
// dialog of the system; Chromium on Linux draws it as a page of its own in the same renderer
// (its HTML parsed and its script run at every opening: about 270 ms at the low tier), which no
// phone does. So the measured tap keeps that list from opening and focuses the picker, as the
// phone's tap does; the choice itself, made in the phone's dialog, is no interaction of the page.
//
// The real server in development mode (the demo account) on INP_PORT (7467) with its own PGlite in
// a temporary DATA_DIR, and one Chrome profile, where the demo account signed in through the login
// form. The figures are reported; with --gate, a median over the target exits 1.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { KnownDevices, type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { DEMO_ACCOUNT } from '../server/cli/tooling';
import {
  CALIBRATION_RUNS,
  PHONES,
  browserAtPageFooting,
  builtApp,
  installedBrowser,
  calibrateHost,
  describeSlowdown,
  median,
  signIn,
  startServer,
  stopServers,
} from './phoneLab';

/** Google's threshold of a good INP, held to at the 75th percentile of visits; here each tap's median. */
const TARGET_MS = 200;
/** The lowest durationThreshold the Event Timing API takes. */
const DURATION_THRESHOLD_MS = 16;
const PHONE = PHONES.lowTier;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    gate: { type: 'boolean', default: false },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    dist: { type: 'string', default: 'dist' },
    // A trace of every measured tap (open it in the browser's performance panel), to see where its time goes.
    traces: { type: 'string' },
    'cpu-slowdown': { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${args.runs}`);

/** A tap to measure: how a fresh page is brought to just before it, and what shows it was handled. */
interface Interaction {
  key: string;
  label: string;
  /** Loads the page and does what comes before the tap; answers the element to tap. */
  prepare: (page: Page, origin: string, run: number) => Promise<ElementHandle<Element>>;
  /** Waits for what the tap brings, so that the next run starts from a page at rest. */
  settle: (page: Page) => Promise<unknown>;
}

const INTERACTIONS: Interaction[] = [
  {
    key: 'pin',
    label: "pin dialog's Continue (/airtime)",
    prepare: async (page, origin, run) => {
      await openAirtime(page, origin);
      await chooseMtn(page);
      await page.locator('form.purchase-form input[autocomplete="tel"]').fill(DEMO_ACCOUNT.phone);
      // A different amount each run, so that no purchase looks like the one before it.
      await page.locator('form.purchase-form input[inputmode="decimal"]').fill(String(100 + run));
      await (await centred(page, 'form.purchase-form button[type="submit"]')).click();
      await page.waitForSelector('dialog.pin-dialog input.code-box');
      await page.keyboard.type(DEMO_ACCOUNT.pin);
      const dialogContinue = await centred(page, 'dialog.pin-dialog button[type="submit"]');
      await atRest(page);
      return dialogContinue;
    },
    // The purchase is answered (a toast), and the session has fetched the new balance.
    settle: async (page) => {
      await page.waitForSelector('.Toastify__toast', { timeout: 60_000 });
      await atRest(page);
    },
  },
  {
    key: 'row',
    label: 'a transaction row (/activities)',
    prepare: async (page, origin) => {
      await page.goto(`${origin}/activities`);
      // A settled row opens its details; an unsettled one is checked again, which is another tap.
      const row = await centred(page, '::-p-xpath(//button[contains(@class, "txn-row")][contains(., "view details")])');
      await atRest(page);
      return row;
    },
    settle: (page) => page.waitForSelector('dialog.txn-detail'),
  },
  {
    key: 'picker',
    label: 'the network picker (/airtime)',
    prepare: async (page, origin) => {
      await openAirtime(page, origin);
      const picker = await centred(page, 'form.purchase-form select');
      // Its list stays closed (see the top of this file); the picker takes the focus as on a phone.
      await picker.evaluate((select) =>
        select.addEventListener(
          'mousedown',
          (event) => {
            event.preventDefault();
            (select as HTMLSelectElement).focus();
          },
          { once: true },
        ),
      );
      await atRest(page);
      return picker;
    },
    settle: (page) => page.waitForFunction(() => document.activeElement instanceof HTMLSelectElement),
  },
];

async function openAirtime(page: Page, origin: string) {
  await page.goto(`${origin}/airtime`);
  // The networks come with the session's catalogue.
  await page.waitForSelector('form.purchase-form select option:nth-child(2)');
}

async function chooseMtn(page: Page) {
  const mtn = await page.$eval(
    'form.purchase-form select',
    (select) => [...(select as HTMLSelectElement).options].find((option) => option.text.startsWith('MTN'))?.value,
  );
  if (!mtn) throw new Error('no MTN among the networks of /airtime');
  await page.select('form.purchase-form select', mtn);
}

/**
 * The element, scrolled to the middle of the screen: at its edge a fixed bar (the app's bottom
 * navigation) may lie over it and take the tap. Scrolled before the page comes to rest, so that
 * what a scroll sets off is not waiting in front of the tap.
 */
async function centred(page: Page, selector: string): Promise<ElementHandle<Element>> {
  const element = (await page.waitForSelector(selector))!;
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  return element;
}

/** Each page's requests in flight, and when the last one started or ended. */
const traffic = new WeakMap<Page, { inFlight: Set<HTTPRequest>; changedAt: number }>();

/**
 * Follows a page's requests. A request still in flight when its page is left is forgotten with
 * the page: Chromium does not always report it ended, and puppeteer's own waitForNetworkIdle then
 * waits for it forever.
 */
function followTraffic(page: Page) {
  const state = { inFlight: new Set<HTTPRequest>(), changedAt: Date.now() };
  traffic.set(page, state);
  const started = (request: HTTPRequest) => {
    // A new document: whatever the old one had in flight is gone with it.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) state.inFlight.clear();
    state.inFlight.add(request);
    state.changedAt = Date.now();
  };
  const ended = (request: HTTPRequest) => {
    state.inFlight.delete(request);
    state.changedAt = Date.now();
  };
  page.on('request', started).on('requestfinished', ended).on('requestfailed', ended);
}

/** No request for half a second and an idle main thread: what a person who reads before tapping meets. */
async function atRest(page: Page) {
  const state = traffic.get(page)!;
  const deadline = Date.now() + 60_000;
  while (state.inFlight.size > 0 || Date.now() - state.changedAt < 500) {
    if (Date.now() > deadline) throw new Error(`requests never ended: ${[...state.inFlight].map((r) => r.url())}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 10_000 })));
}

/** An Event Timing entry of an interaction, as the page keeps it for this script. */
interface EventEntry {
  interactionId: number;
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** One tap's reading: its latency, and the longest entry's parts (where the time went). */
interface Reading {
  latencyMs: number;
  longest?: EventEntry;
}

// Installed before any script of the page runs, as its source: no named function inside (tsx
// would wrap it in a helper the page does not have), and the threshold written out.
function observeEvents() {
  const kept: EventEntry[] = [];
  (window as unknown as { inpEntries: EventEntry[] }).inpEntries = kept;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId > 0) kept.push(entry.toJSON() as EventEntry);
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** Taps `target` as a finger would, and reads the latency of the interaction it caused. */
async function measureTap(page: Page, target: ElementHandle<Element>, interaction: Interaction): Promise<Reading> {
  const before = await page.evaluate(() => ({ sentAt: performance.now(), count: performance.interactionCount }));
  await target.tap();
  await interaction.settle(page);
  const counted = await page.evaluate(() => performance.interactionCount);
  if (counted === before.count) throw new Error(`${interaction.label}: the tap made no interaction`);
  // Entries come once the frame after the handlers is presented; a tap under the threshold sends none.
  const seen = await page
    .waitForFunction(
      (since) => (window as unknown as { inpEntries: EventEntry[] }).inpEntries.some((e) => e.startTime >= since),
      { timeout: 3000, polling: 50 },
      before.sentAt,
    )
    .then(
      () => true,
      () => false,
    );
  if (!seen) return { latencyMs: DURATION_THRESHOLD_MS };
  // Its events' entries (pointerdown, pointerup, click) may come a frame apart.
  await new Promise((wait) => setTimeout(wait, 1000));
  const entries = await page.evaluate(
    (since) => (window as unknown as { inpEntries: EventEntry[] }).inpEntries.filter((e) => e.startTime >= since),
    before.sentAt,
  );
  const first = entries.reduce((a, b) => (b.startTime < a.startTime ? b : a));
  const longest = entries
    .filter((entry) => entry.interactionId === first.interactionId)
    .reduce((a, b) => (b.duration > a.duration ? b : a));
  return { latencyMs: longest.duration, longest };
}

/** `runs` taps of one interaction, each on a freshly loaded page; a trace of each with --traces. */
async function measureInteraction(page: Page, interaction: Interaction): Promise<number[]> {
  const latencies: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const target = await interaction.prepare(page, origin, run);
    if (args.traces) {
      mkdirSync(args.traces, { recursive: true });
      await page.tracing.start({ path: join(args.traces, `${interaction.key}-${run}.trace.json`), screenshots: false });
    }
    const reading = await measureTap(page, target, interaction);
    if (args.traces) await page.tracing.stop();
    latencies.push(reading.latencyMs);
    console.log(`  ${interaction.key} ${run}: ${describeReading(reading)}`);
  }
  return latencies;
}

/** A host whose index moved this much between the first readings and the last is said to have. */
const HOST_DRIFT = 0.15;

/** Prints the slowdown, the table and the verdict; with --gate, a median over the target fails the run. */
function report(results: Result[], calibrated: { indexes: number[]; cpuSlowdown: number }, after: number[]) {
  const cpuSlowdown = fixedSlowdown ?? calibrated.cpuSlowdown;
  console.log(`\nInteraction to Next Paint on ${PHONE.name}, ${runs} tap(s) each, each on a freshly loaded page`);
  console.log(describeSlowdown(calibrated.indexes, cpuSlowdown, PHONE, fixedSlowdown !== undefined));
  const [before, later] = [median(calibrated.indexes), median(after)];
  // A fixed slowdown follows no reading, so a host that changed says nothing of it.
  const drift =
    fixedSlowdown !== undefined
      ? ''
      : later < before * (1 - HOST_DRIFT)
        ? ": the host grew busier during the taps, and the figures are worse than the phone's"
        : later > before * (1 + HOST_DRIFT)
          ? ": the host was busier when calibrated, and the figures are better than the phone's"
          : '';
  console.log(
    `Its index after the taps: ${Math.round(later)} (median of ${after.map(Math.round).join(', ')})${drift}.`,
  );
  console.log(formatTable(results));
  const missed = results.filter(({ latencies }) => median(latencies) > TARGET_MS);
  if (missed.length === 0) {
    console.log(`\nEvery interaction's median is within ${TARGET_MS} ms.`);
    return;
  }
  console.log(
    `\nOver ${TARGET_MS} ms at the median: ${missed.map(({ interaction }) => interaction.label).join('; ')}.`,
  );
  if (args.gate) process.exitCode = 1;
}

function describeReading({ latencyMs, longest }: Reading): string {
  if (!longest) return `under ${DURATION_THRESHOLD_MS} ms (no entry)`;
  const { name, startTime, processingStart, processingEnd, duration } = longest;
  const parts = [
    `input delay ${Math.round(processingStart - startTime)}`,
    `processing ${Math.round(processingEnd - processingStart)}`,
    `presentation ${Math.round(startTime + duration - processingEnd)}`,
  ];
  return `${latencyMs} ms (longest: ${name}, ${parts.join(', ')})`;
}

interface Result {
  interaction: Interaction;
  latencies: number[];
}

function formatTable(results: Result[]): string {
  const header = ['interaction', 'runs', 'median ms', 'worst ms', `target ${TARGET_MS} ms`, 'met?'];
  const rows = results.map(({ interaction, latencies }) => {
    const middle = median(latencies);
    return [
      interaction.label,
      String(latencies.length),
      String(Math.round(middle)),
      String(Math.max(...latencies)),
      `≤ ${TARGET_MS}`,
      middle <= TARGET_MS ? 'yes' : 'no',
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => cells[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const wanted = args.only?.split(',');
const chosen = INTERACTIONS.filter((interaction) => !wanted || wanted.includes(interaction.key));
if (chosen.length === 0) throw new Error(`--only names none of ${INTERACTIONS.map((i) => i.key).join(', ')}`);
const fixedSlowdown = args['cpu-slowdown'] !== undefined ? Number(args['cpu-slowdown']) : undefined;
if (fixedSlowdown !== undefined && !(fixedSlowdown >= 1))
  throw new Error(`--cpu-slowdown must be a number ≥ 1, not ${args['cpu-slowdown']}`);

const port = Number(process.env.INP_PORT ?? 7467);
const origin = `http://127.0.0.1:${port}`;
const dist = builtApp(args.dist);
const browserPath = installedBrowser(args.chrome);
const scratch = mkdtempSync(join(tmpdir(), 'naira-inp-'));
const servers: ChildProcess[] = [];
let browser: Browser | undefined;
// The page measured gets the CPU as the gate's pages do (scripts/phoneLab.ts).
const footing = browserAtPageFooting(browserPath, scratch);

try {
  browser = await puppeteer.launch({
    executablePath: footing.path,
    headless: true,
    userDataDir: join(scratch, 'profile'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  followTraffic(page);
  const cdp = await page.createCDPSession();
  const slow = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const readIndex = async () => {
    await slow(1);
    return page.evaluate(pageFunctions.computeBenchmarkIndex);
  };
  // Lighthouse's own benchmark, in this Chrome, before the server starts: its start (the demo
  // account seeded, its password hashed) would be read as a slower host.
  const calibrated = await calibrateHost(readIndex, PHONE);
  servers.push(await startServer(port, dist, join(scratch, 'data')));
  // The phone's screen, its touch and its user agent.
  await page.emulate(KnownDevices['Moto G4']);
  await signIn(page, origin);
  await page.evaluateOnNewDocument(observeEvents);
  await slow(fixedSlowdown ?? calibrated.cpuSlowdown);
  const results: Result[] = [];
  for (const interaction of chosen)
    results.push({ interaction, latencies: await measureInteraction(page, interaction) });
  // Read where the first readings were taken: the app's own page reads a little slower.
  await page.goto('about:blank');
  const after: number[] = [];
  for (let i = 0; i < CALIBRATION_RUNS; i += 1) after.push(await readIndex());
  report(results, calibrated, after);
} finally {
  footing.release();
  await browser?.close();
  await stopServers(servers);
  rmSync(scratch, { recursive: true, force: true });
}
