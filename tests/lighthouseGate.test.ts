import { describe, expect, it } from 'vitest';
import {
  BASELINE,
  TIERS,
  failuresOf,
  formatTable,
  parseTiers,
  runGate,
  runTiers,
  type Measure,
  type Mode,
  type Run,
  type Target,
} from '../scripts/lighthouseGate';
import { PHONES, calibrate } from '../scripts/phoneLab';

const good: Run = { performance: 100, lcpMs: 900, tbtMs: 0, cls: 0, accessibility: 100, bestPractices: 100 };
const bare: Run = { performance: 100, lcpMs: 1500, tbtMs: 10, cls: 0 };

interface Call {
  route: string;
  signedIn: boolean;
  mode: Mode;
  full: boolean;
}

/** A measurer answering from a script of runs per route and mode (the last one repeats), recording every call. */
function scripted(runs: Record<string, Partial<Record<Mode, Run[]>>>, baseline: Run = bare) {
  const calls: Call[] = [];
  const taken = new Map<string, number>();
  const measure: Measure = async (target: Target, mode: Mode, full: boolean) => {
    calls.push({ route: target.route, signedIn: target.signedIn, mode, full });
    if (target === BASELINE) return baseline;
    const list = runs[target.route]?.[mode] ?? [good];
    const key = `${target.route} ${mode}`;
    const index = taken.get(key) ?? 0;
    taken.set(key, index + 1);
    return list[Math.min(index, list.length - 1)];
  };
  return { calls, measure };
}

describe('the Lighthouse gate', () => {
  it('passes a route whose first run in each measurement is clear, after one run of each', async () => {
    const { calls, measure } = scripted({});
    const result = await runGate([{ route: '/', signedIn: false }], measure);
    expect(result.verdicts[0].misses).toEqual([]);
    expect(calls.filter((call) => call.route === '/')).toEqual([
      { route: '/', signedIn: false, mode: 'simulated', full: true },
      { route: '/', signedIn: false, mode: 'applied', full: false },
    ]);
  });

  it('measures a public route that missed its first run again signed out, and judges the median without a crash', async () => {
    const slow: Run = { ...good, lcpMs: 1700 };
    const { calls, measure } = scripted({ '/login': { applied: [slow, good, good] } });
    const result = await runGate(
      [
        { route: '/login', signedIn: false },
        { route: '/dashboard', signedIn: true },
      ],
      measure,
    );
    const login = calls.filter((call) => call.route === '/login');
    expect(login.filter((call) => call.mode === 'applied')).toHaveLength(3);
    expect(login.every((call) => !call.signedIn)).toBe(true);
    const verdict = result.verdicts.find((v) => v.target.route === '/login')!;
    expect(verdict.modes?.applied.median.lcpMs).toBe(900);
    expect(verdict.misses).toEqual([]);
  });

  it('fails a signed-in route whose median misses, and says by how much', async () => {
    const late: Run = { ...good, lcpMs: 1800 };
    const { calls, measure } = scripted({
      '/dashboard': { simulated: [{ ...late, accessibility: 100, bestPractices: 100 }, late, good] },
    });
    const result = await runGate([{ route: '/dashboard', signedIn: true }], measure);
    const dashboard = calls.filter((call) => call.route === '/dashboard');
    expect(dashboard.every((call) => call.signedIn)).toBe(true);
    expect(result.verdicts[0].misses).toEqual(["simulated: LCP 1.80 s is 1.20× the bare page's (target ≤ 1.00×)"]);
  });

  it('judges against the baseline measured in the same run: the same figures pass beside a slow bare page and fail beside a fast one', async () => {
    const route: Run = { ...good, lcpMs: 1200, tbtMs: 70 };
    const onSlowMachine = await runGate(
      [{ route: '/', signedIn: false }],
      scripted({ '/': { simulated: [route], applied: [route] } }, { ...bare, lcpMs: 2400, tbtMs: 40 }).measure,
    );
    expect(onSlowMachine.verdicts[0].misses).toEqual([]);
    const onFastMachine = await runGate(
      [{ route: '/', signedIn: false }],
      scripted({ '/': { simulated: [route], applied: [route] } }, { ...bare, lcpMs: 1000, tbtMs: 0 }).measure,
    );
    expect(onFastMachine.verdicts[0].misses).toEqual([
      "simulated: LCP 1.20 s is 1.20× the bare page's (target ≤ 1.00×)",
      "simulated: TBT 70 ms is 70 ms above the bare page's (target ≤ 50 ms)",
      "applied: LCP 1.20 s is 1.20× the bare page's (target ≤ 1.00×)",
      "applied: TBT 70 ms is 70 ms above the bare page's (target ≤ 50 ms)",
    ]);
  });

  it('takes the baseline as the median of its runs in each measurement', async () => {
    const baselines = [1000, 3000, 1400];
    let index = 0;
    const measure: Measure = async (target) =>
      target === BASELINE ? { ...bare, lcpMs: baselines[index++ % 3] } : good;
    const result = await runGate([{ route: '/', signedIn: false }], measure);
    expect(result.baseline.simulated.median.lcpMs).toBe(1400);
    expect(result.verdicts[0].modes?.simulated.lcpRatio).toBeCloseTo(900 / 1400);
  });

  it('fails on a layout shift, a performance score under 98, and quality scores under 100', async () => {
    const shifted: Run = { ...good, cls: 0.02, performance: 97, accessibility: 96, bestPractices: 100 };
    const { measure } = scripted({ '/terms': { simulated: [shifted] } });
    const result = await runGate([{ route: '/terms', signedIn: false }], measure);
    expect(result.verdicts[0].misses).toEqual([
      'simulated: performance 97 < 98',
      'simulated: CLS 0.020 > 0',
      'accessibility 96 < 100',
    ]);
  });

  it('with fixed runs, takes that many of every page and prints them in the table', async () => {
    const { calls, measure } = scripted({});
    const result = await runGate([{ route: '/', signedIn: false }], measure, { fixedRuns: 2 });
    expect(calls.filter((call) => call.route === '/')).toHaveLength(4);
    expect(calls.filter((call) => call.route === BASELINE.route)).toHaveLength(4);
    const table = formatTable(result);
    expect(table).toContain('baseline');
    expect(table).toMatch(/^\/ +2\+2 +100\/100 +0\.90 s +0\.60 +0\.90 s +0\.60/m);
  });
});

describe('a route that cannot be measured', () => {
  it('fails with the reason and the gate goes on to the next route, its row in the table marked', async () => {
    const { calls, measure } = scripted({});
    const failing: Measure = async (target, mode, full) => {
      if (target.route === '/policy') throw new Error('Lighthouse failed on /policy: NO_NAVSTART');
      return measure(target, mode, full);
    };
    const result = await runGate(
      [
        { route: '/policy', signedIn: false },
        { route: '/login', signedIn: false },
      ],
      failing,
    );
    expect(result.verdicts.map((verdict) => [verdict.target.route, verdict.misses])).toEqual([
      ['/policy', ['not measured: Lighthouse failed on /policy: NO_NAVSTART']],
      ['/login', []],
    ]);
    expect(result.verdicts[0].modes).toBeUndefined();
    expect(calls.filter((call) => call.route === '/login')).toHaveLength(2);
    expect(failuresOf([{ tier: 'low', ...result }]).map(({ verdict }) => verdict.target.route)).toEqual(['/policy']);
    expect(formatTable(result)).toMatch(/^\/policy +– .* not measured$/m);
  });

  it("tells of each tier's result as soon as it is judged, before the next tier is measured", async () => {
    const events: string[] = [];
    await runTiers(
      parseTiers('both'),
      [{ route: '/', signedIn: false }],
      (tier) => async (target, mode, full) => {
        events.push(`measure ${tier}`);
        return scripted({}).measure(target, mode, full);
      },
      { onTier: (result) => events.push(`judged ${result.tier}`) },
    );
    expect(events.filter((event) => event.startsWith('judged'))).toEqual(['judged mid', 'judged low']);
    expect(events.indexOf('judged mid')).toBeLessThan(events.indexOf('measure low'));
  });
});

describe('the two tiers', () => {
  it('judges at both phones unless one is named', () => {
    expect(parseTiers(undefined)).toEqual(['mid', 'low']);
    expect(parseTiers('both')).toEqual(['mid', 'low']);
    expect(parseTiers('low')).toEqual(['low']);
    expect(parseTiers('mid')).toEqual(['mid']);
    expect(() => parseTiers('high')).toThrow(/--tier must be low, mid or both/);
  });

  it('measures every route and its own baseline at each tier, and fails a route that misses at one of them', async () => {
    const measured: string[] = [];
    const busy: Run = { ...good, tbtMs: 400 };
    const measureAt = (tier: 'mid' | 'low') => {
      const { measure } = scripted(tier === 'low' ? { '/activities': { simulated: [busy], applied: [busy] } } : {});
      return (async (target, mode, full) => {
        measured.push(`${tier} ${target.route} ${mode}`);
        return measure(target, mode, full);
      }) satisfies Measure;
    };
    const targets = [
      { route: '/login', signedIn: false },
      { route: '/activities', signedIn: true },
    ];
    const results = await runTiers(parseTiers('both'), targets, measureAt);
    expect(results.map((result) => result.tier)).toEqual(['mid', 'low']);
    for (const tier of ['mid', 'low'])
      expect(measured.filter((call) => call.startsWith(`${tier} baseline`))).toHaveLength(6);
    expect(results[0].verdicts.every((verdict) => verdict.misses.length === 0)).toBe(true);
    const failures = failuresOf(results);
    expect(failures.map(({ tier, verdict }) => [tier, verdict.target.route])).toEqual([['low', '/activities']]);
    expect(failures[0].verdict.misses).toEqual([
      "simulated: TBT 400 ms is 390 ms above the bare page's (target ≤ 50 ms)",
      "applied: TBT 400 ms is 390 ms above the bare page's (target ≤ 50 ms)",
    ]);
  });

  it('at one tier, measures only at that phone', async () => {
    const tiers: string[] = [];
    await runTiers(parseTiers('low'), [{ route: '/', signedIn: false }], (tier) => {
      tiers.push(tier);
      return scripted({}).measure;
    });
    expect(tiers).toEqual(['low']);
  });
});

describe('the CPU calibration', () => {
  it("slows a host by its median benchmark index over the target phone's, so two hosts emulate the same phone", () => {
    const fast = calibrate([3800, 3500, 4100], TIERS.mid);
    const slow = calibrate([1900, 2050, 1800], TIERS.mid);
    expect(fast).toEqual({ hostIndex: 3800, cpuSlowdown: 3.8 });
    expect(slow).toEqual({ hostIndex: 1900, cpuSlowdown: 1.9 });
    expect(fast.hostIndex / fast.cpuSlowdown).toBe(TIERS.mid.benchmarkIndex);
    expect(slow.hostIndex / slow.cpuSlowdown).toBe(TIERS.mid.benchmarkIndex);
  });

  it('slows the same host further to the low-tier phone the interaction measurement emulates', () => {
    expect(calibrate([2750, 2700, 2800], PHONES.lowTier)).toEqual({ hostIndex: 2750, cpuSlowdown: 10.42 });
  });

  it('never speeds up a host slower than the phone, and ignores runs without an index', () => {
    expect(calibrate([640, Number.NaN, 700], TIERS.mid)).toEqual({ hostIndex: 670, cpuSlowdown: 1 });
  });

  it('refuses to guess when no run gave an index', () => {
    expect(() => calibrate([Number.NaN, 0], TIERS.mid)).toThrow(/no benchmark index/);
  });
});
