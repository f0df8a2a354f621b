// `npm test`: every stage of the test suite, then a table of how long each took — so that a slow
// stage is seen on every run, here and in CI. The stages run in two lanes side by side: the checks
// and the unit suite in one, the build and the browser journeys in the other. Alone, each lane
// leaves a core idle for much of its time (the journeys wait on a browser and a server, the unit
// suite's last files on a few started processes): side by side the suite took about 9 minutes where
// one stage after another took 11 on a 2-core machine. A lane stops at its first failure, and a
// failure stops the other lane too. The Lighthouse gate, named alone, runs after both: it measures
// the pages, which nothing else may slow down.
//
//   npm test                  every stage but the Lighthouse gate
//   npm test -- unit e2e      only the stages named
//   npm test -- lighthouse    the Lighthouse gate (after a build)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { provideBrowser, provideServices } from './testMachine.mjs';

/** The stages, cheapest first: a type or lint error fails in seconds, not after the browsers. */
const STAGES = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['build', 'npm run build'],
  ['e2e', 'npx playwright test'],
  ['size', 'npm run size'],
  ['lighthouse', 'npm run lighthouse'],
];
/**
 * Named to run, not run by default: the Lighthouse gate alone takes about 12 minutes on a 2-core
 * machine (about 70 Lighthouse runs), nearly as long as every other stage together, and it
 * judges only the pages, which a server or test change leaves as they were. Run it
 * (`npm test -- lighthouse`, or `npm run lighthouse` after a build) before a change to the
 * pages lands; it is as strict there as here.
 */
const NOT_BY_DEFAULT = new Set(['lighthouse']);
/**
 * The lanes that run side by side, each in its order; a stage in neither (the Lighthouse gate) runs
 * after both, on a quiet machine.
 */
const LANES = [
  ['typecheck', 'lint', 'unit'],
  ['build', 'e2e', 'size'],
];
/** The stages that drive Chromium: a browser is found or installed while the earlier stages run. */
const NEEDS_BROWSER = new Set(['e2e', 'lighthouse']);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`unknown stage(s): ${unknown.join(', ')}; the stages are ${STAGES.map(([stage]) => stage).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const stages = STAGES.filter(([stage]) => (wanted.length > 0 ? wanted.includes(stage) : !NOT_BY_DEFAULT.has(stage)));
const machine = await provideServices();
const browser = stages.some(([stage]) => NEEDS_BROWSER.has(stage)) ? timed(provideBrowser()) : null;
const results = [];
const running = new Set();
/** Whether the lanes run side by side (each has a stage to run): then the second lane's lines are marked. */
const concurrent = LANES.every((lane) => stages.some(([stage]) => lane.includes(stage)));
let failed = false;
await Promise.all(LANES.map((lane) => runLane(stages.filter(([stage]) => lane.includes(stage)))));
if (!failed) await runLane(stages.filter(([stage]) => !LANES.flat().includes(stage)));
results.sort(
  (a, b) => STAGES.findIndex(([stage]) => stage === a.stage) - STAGES.findIndex(([stage]) => stage === b.stage),
);
printTable(results, (Date.now() - started) / 1000);
process.exit(failed ? 1 : 0);

/**
 * Runs a lane's stages in order, stopping at its first failure or another lane's. When two lanes
 * run, the second lane's lines carry their stage's name, so that the two can be told apart.
 */
async function runLane(lane) {
  for (const [stage, command] of lane) {
    if (failed) return;
    if (NEEDS_BROWSER.has(stage) && !(await browserReady())) {
      stopAll();
      return;
    }
    console.log(`\n▶ ${stage}: ${command}`);
    const begun = Date.now();
    const prefix = concurrent && LANES[1].includes(stage) ? `[${stage}] ` : '';
    const code = await run(command, prefix);
    results.push({ stage, seconds: (Date.now() - begun) / 1000, code });
    if (code !== 0 && !failed) stopAll();
  }
}

/** Marks the run failed and stops the stages still running in the other lane. */
function stopAll() {
  failed = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/** A promise with how long it took, settled or not. */
function timed(promise) {
  const begun = Date.now();
  const outcome = promise.then(
    (path) => ({ path, seconds: (Date.now() - begun) / 1000 }),
    (error) => ({ error, seconds: (Date.now() - begun) / 1000 }),
  );
  return outcome;
}

/** Waits for the browser's provision (which ran beside the earlier stages); false, having said why, when there is none. */
async function browserReady() {
  const begun = Date.now();
  const outcome = await browser;
  const waited = (Date.now() - begun) / 1000;
  if (outcome.error) {
    console.error(`\n✖ browser: ${outcome.error.message}`);
    results.push({ stage: 'browser', seconds: waited, code: 1 });
    return false;
  }
  if (!machine.some((line) => line.startsWith('Chromium'))) {
    machine.push(
      `Chromium: ${outcome.path}${outcome.seconds >= 1 ? ` (got in ${outcome.seconds.toFixed(0)} s, beside the first stages)` : ''}`,
    );
    if (waited >= 1) results.push({ stage: 'browser', seconds: waited, code: 0 });
  }
  return true;
}

/** Runs a stage's command in a process group of its own (so that stopping it stops its children), its lines prefixed. */
function run(command, prefix) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      detached: true,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
    }
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function printTable(rows, totalSeconds) {
  const time = (seconds) =>
    seconds >= 60
      ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
      : `${seconds.toFixed(1)} s`;
  console.log('\nnpm test, time per stage');
  for (const { stage, seconds, code } of rows)
    console.log(
      `  ${stage.padEnd(11)} ${time(seconds).padStart(12)}  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`,
    );
  console.log(`  ${'total'.padEnd(11)} ${time(totalSeconds).padStart(12)}`);
  console.log(`\nran with:\n${machine.map((line) => `  ${line}`).join('\n')}`);
}
