// The decisions of the Lighthouse gate (scripts/lighthouse.ts), apart from Lighthouse itself so
// that a test can drive them with a measurer of its own: which runs to take of which page, on
// which profile, and what passes.
//
// Every route is judged against a bare Vite + React page measured in the same run, in both
// measurements: Lighthouse's simulated throttling (one fast load, the slow network and CPU worked
// out from it) and applied throttling (Lighthouse's devtools method: a slow 4G network and a
// slower CPU really applied, so the page is seen as a phone sees it). A machine twice as slow
// slows both pages; ratios and differences to the baseline stay where the page puts them.
//
// The CPU is slowed to one phone on every machine, not by a fixed factor. Lighthouse's 4× turns
// the desktop it was tuned on (benchmark index 1,500–2,000) into a phone, but it turns a host
// twice as fast into a phone twice as fast, and TBT counts only what passes 50 ms a task: a page
// that hydrates in 12 ms tasks scores 0 on one host and hundreds of milliseconds on a host half
// as fast, while the bare page, whose work all falls before its first paint, scores 0 on both.
// So the gate first reads the host's benchmark index (Lighthouse's own, from a few runs of the
// bare page) and slows the CPU by host ÷ target, the way Chrome DevTools calibrates its
// throttling presets and Lighthouse's throttling guide advises (scripts/phoneLab.ts calibrates, for
// this gate and for the interaction measurement alike).
//
// How many runs: one run of a route clear of every target by a margin passes that measurement
// (noise on a shared machine only slows a page, so a clear run cannot be a bad page); otherwise
// two more runs are taken, on the same profile (a public route always signed out, a signed-in
// route always signed in), and the median of the three is judged. A median that misses fails
// the gate: there is no second round and no list of routes excused.

import { PHONES, median, type Phone } from './phoneLab';

export type Mode = 'simulated' | 'applied';
export const MODES: readonly Mode[] = ['simulated', 'applied'];

/** What one Lighthouse run of a page says. The quality scores come with a route's first simulated run only. */
export interface Run {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility?: number;
  bestPractices?: number;
  /** What painted last as the largest content, to tell where a slow LCP comes from. */
  lcpElement?: string;
}

/** A page to measure: a route of the app, on the signed-out or the signed-in profile, or the bare baseline page. */
export interface Target {
  route: string;
  signedIn: boolean;
}
export const BASELINE: Target = { route: 'baseline', signedIn: false };

/** Takes one run of a page; `full` asks for the accessibility and best-practices categories too. */
export type Measure = (target: Target, mode: Mode, full: boolean) => Promise<Run>;

/** The targets every route is held to, in each measurement, against the baseline's median. */
export const TARGETS = {
  /** LCP no later than the bare page's. */
  lcpRatio: 1.0,
  /** TBT at most this much above the bare page's. */
  tbtOverMs: 50,
  cls: 0,
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
} as const;

/** A single run this far inside the targets passes its measurement alone. */
export const CLEAR = { lcpRatio: 0.9, tbtOverMs: 30, performance: 99 } as const;

/** The absolute goals, printed beside each route and not judged: they depend on the machine. */
export const GOALS_LCP_MS: Record<Mode, number> = { simulated: 1800, applied: 1500 };

/**
 * The phones whose CPU the gate emulates, each a calibration of its own judged by the same rules:
 * a mid-tier phone, and the low-tier phone most of our customers hold (the one scripts/inp.ts
 * emulates), where what a page does after its first paint weighs about four times as much.
 */
export const TIERS = { mid: PHONES.midTier, low: PHONES.lowTier } as const satisfies Record<string, Phone>;
export type Tier = keyof typeof TIERS;
/** In the order they are measured and printed: the mid tier's table first, as before there was a second. */
export const TIER_ORDER: readonly Tier[] = ['mid', 'low'];

/** The tiers a `--tier` flag names: `low`, `mid` or `both` (the default). */
export function parseTiers(flag: string | undefined): Tier[] {
  const value = flag ?? 'both';
  if (value === 'both') return [...TIER_ORDER];
  if (value === 'mid' || value === 'low') return [value];
  throw new Error(`--tier must be low, mid or both, not ${value}`);
}

/** Runs taken when one is not clear, and runs of the baseline in each measurement. */
export const ROUND = 3;
export const BASELINE_RUNS = 3;

export interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** One measurement of a route: its runs and their median, set against the baseline's. */
export interface Measured {
  runs: Run[];
  median: Figures;
  lcpRatio: number;
  tbtOverMs: number;
}

export interface Verdict {
  target: Target;
  /** Absent where the route could not be measured at all (its miss says why). */
  modes?: Record<Mode, Measured>;
  accessibility: number;
  bestPractices: number;
  /** What of the targets the route misses: empty for a route that passes. */
  misses: string[];
}

export interface GateResult {
  baseline: Record<Mode, Measured>;
  verdicts: Verdict[];
}

export interface GateOptions {
  /** Judge the median of this many runs of every page instead of stopping at a clear one (for reports). */
  fixedRuns?: number;
  /** Told of every run as it is taken (progress output). */
  onRun?: (target: Target, mode: Mode, run: Run) => void;
  /** Told of each tier's result as soon as it is judged, so that a later tier's failure loses none of it. */
  onTier?: (result: TierResult) => void;
}

/** Each figure's median over the runs. */
export function medianOf(runs: Run[]): Figures {
  return {
    performance: median(runs.map((run) => run.performance)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
  };
}

function compare(runs: Run[], base: Figures): Measured {
  const figures = medianOf(runs);
  return { runs, median: figures, lcpRatio: figures.lcpMs / base.lcpMs, tbtOverMs: figures.tbtMs - base.tbtMs };
}

/** What a measurement's figures miss of the targets, each said with its numbers. */
export function missesOf(mode: Mode, measured: Pick<Measured, 'median' | 'lcpRatio' | 'tbtOverMs'>): string[] {
  const { median: m, lcpRatio, tbtOverMs } = measured;
  return [
    m.performance < TARGETS.performance && `${mode}: performance ${m.performance} < ${TARGETS.performance}`,
    lcpRatio > TARGETS.lcpRatio &&
      `${mode}: LCP ${seconds(m.lcpMs)} is ${lcpRatio.toFixed(2)}× the bare page's (target ≤ ${TARGETS.lcpRatio.toFixed(2)}×)`,
    tbtOverMs > TARGETS.tbtOverMs &&
      `${mode}: TBT ${Math.round(m.tbtMs)} ms is ${Math.round(tbtOverMs)} ms above the bare page's (target ≤ ${TARGETS.tbtOverMs} ms)`,
    m.cls > TARGETS.cls && `${mode}: CLS ${m.cls.toFixed(3)} > ${TARGETS.cls}`,
  ].filter((miss): miss is string => typeof miss === 'string');
}

/** A single run inside every target by the margin that lets it stand alone. */
export function isClear(run: Run, base: Figures): boolean {
  const measured = compare([run], base);
  return (
    missesOf('simulated', measured).length === 0 &&
    run.performance >= CLEAR.performance &&
    measured.lcpRatio <= CLEAR.lcpRatio &&
    measured.tbtOverMs <= CLEAR.tbtOverMs
  );
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Measures the baseline, then every target in both measurements, and judges each (see the top of this file). */
export async function runGate(
  targets: readonly Target[],
  measure: Measure,
  options: GateOptions = {},
): Promise<GateResult> {
  const take = async (target: Target, mode: Mode, full: boolean) => {
    const run = await measure(target, mode, full);
    options.onRun?.(target, mode, run);
    return run;
  };
  const baselineRuns = { simulated: [] as Run[], applied: [] as Run[] };
  for (const mode of MODES) {
    while (baselineRuns[mode].length < (options.fixedRuns ?? BASELINE_RUNS))
      baselineRuns[mode].push(await take(BASELINE, mode, false));
  }
  const base = { simulated: medianOf(baselineRuns.simulated), applied: medianOf(baselineRuns.applied) };
  const baseline = {
    simulated: compare(baselineRuns.simulated, base.simulated),
    applied: compare(baselineRuns.applied, base.applied),
  };

  const verdicts: Verdict[] = [];
  for (const target of targets) {
    // A route that cannot be measured fails, and the gate goes on to the others: their figures are
    // worth as much, and a run of twenty minutes is not thrown away for one page.
    try {
      verdicts.push(await judge(target, base, take, options.fixedRuns));
    } catch (error) {
      const why = `not measured: ${error instanceof Error ? error.message : String(error)}`;
      verdicts.push({ target, accessibility: 0, bestPractices: 0, misses: [why] });
    }
  }
  return { baseline, verdicts };
}

/** Measures one route in both measurements (one run if clear, else the median of three) and says what it misses. */
async function judge(
  target: Target,
  base: Record<Mode, Figures>,
  take: Measure,
  fixedRuns: number | undefined,
): Promise<Verdict> {
  const modes = {} as Record<Mode, Measured>;
  let quality: Run | undefined;
  for (const mode of MODES) {
    // The accessibility and best-practices audits do not vary from run to run: one run, the first simulated one, has them.
    const first = await take(target, mode, mode === 'simulated');
    quality ??= first;
    const runs = [first];
    const wanted = fixedRuns ?? (isClear(first, base[mode]) ? 1 : ROUND);
    // The same target, so the same profile: a public route is never measured signed in.
    while (runs.length < wanted) runs.push(await take(target, mode, false));
    modes[mode] = compare(runs, base[mode]);
  }
  const accessibility = quality?.accessibility ?? 0;
  const bestPractices = quality?.bestPractices ?? 0;
  const misses = [
    ...MODES.flatMap((mode) => missesOf(mode, modes[mode])),
    ...(accessibility < TARGETS.accessibility ? [`accessibility ${accessibility} < ${TARGETS.accessibility}`] : []),
    ...(bestPractices < TARGETS.bestPractices ? [`best practices ${bestPractices} < ${TARGETS.bestPractices}`] : []),
  ];
  return { target, modes, accessibility, bestPractices, misses };
}

/** One tier's result: the gate run against that phone's calibration, its baseline measured again at that slowdown. */
export interface TierResult extends GateResult {
  tier: Tier;
}

/**
 * Runs the gate once per tier, each with its own measurer (the CPU slowed to that tier's phone)
 * and its own baseline: the bare page at the same slowdown, since LCP and TBT are judged against
 * it. A route is judged at each tier alone; it passes the gate only where it passes at every one.
 */
export async function runTiers(
  tiers: readonly Tier[],
  targets: readonly Target[],
  measureAt: (tier: Tier) => Measure,
  options: GateOptions = {},
): Promise<TierResult[]> {
  const results: TierResult[] = [];
  for (const tier of tiers) {
    const result = { tier, ...(await runGate(targets, measureAt(tier), options)) };
    results.push(result);
    options.onTier?.(result);
  }
  return results;
}

/** Every miss of every tier, each route's said under its tier, for the gate's closing lines. */
export function failuresOf(results: readonly TierResult[]): { tier: Tier; verdict: Verdict }[] {
  return results.flatMap(({ tier, verdicts }) =>
    verdicts.filter((verdict) => verdict.misses.length > 0).map((verdict) => ({ tier, verdict })),
  );
}

/** The table the gate prints: each route's medians in both measurements beside the baseline's, the goals marked. */
export function formatTable(result: GateResult): string {
  const header = [
    'route',
    'runs',
    'perf',
    'LCP sim',
    '÷base',
    'LCP app',
    '÷base',
    'TBT sim',
    '−base',
    'TBT app',
    '−base',
    'CLS',
    'a11y',
    'BP',
    'goals',
  ];
  const row = (label: string, modes: Record<Mode, Measured>, quality: string[]) => {
    const { simulated: s, applied: a } = modes;
    const goals = MODES.filter((mode) => modes[mode].median.lcpMs > GOALS_LCP_MS[mode]).map(
      (mode) => `${mode} LCP > ${seconds(GOALS_LCP_MS[mode])}`,
    );
    return [
      label,
      `${s.runs.length}+${a.runs.length}`,
      `${s.median.performance}/${a.median.performance}`,
      seconds(s.median.lcpMs),
      s.lcpRatio.toFixed(2),
      seconds(a.median.lcpMs),
      a.lcpRatio.toFixed(2),
      `${Math.round(s.median.tbtMs)} ms`,
      `${Math.round(s.tbtOverMs)}`,
      `${Math.round(a.median.tbtMs)} ms`,
      `${Math.round(a.tbtOverMs)}`,
      Math.max(s.median.cls, a.median.cls).toFixed(3),
      ...quality,
      goals.length === 0 ? 'met' : goals.join(', '),
    ];
  };
  const rows = [
    row('baseline', result.baseline, ['', '']),
    ...result.verdicts.map((v) => {
      const label = `${v.target.route}${v.target.signedIn ? ' (signed in)' : ''}`;
      if (!v.modes) return [label, ...header.slice(1, -1).map(() => '–'), 'not measured'];
      return row(label, v.modes, [String(v.accessibility), String(v.bestPractices)]);
    }),
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
