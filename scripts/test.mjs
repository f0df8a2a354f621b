// `npm test`: every stage of the test suite in order, stopping at the first that fails, then a
// table of how long each took — so that a slow stage is seen on every run, here and in CI.
//
//   npm test                  every stage but the Lighthouse gate
//   npm test -- unit e2e      only the stages named (in their usual order)
//   npm test -- lighthouse    the Lighthouse gate (after a build)
import { spawn } from 'node:child_process';
import { provideBrowser, provideServices } from './testMachine.mjs';

/** The stages, cheapest first: a type or lint error fails in seconds, not after the browsers. */
const STAGES = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['build', 'npm run build'],
  ['unit', 'npm run test:unit'],
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
 * The stages that run side by side, before the rest: the type check and the lint are each one
 * thread for about 25 s, the build a few seconds; none reads what another writes, and on two
 * cores the three take about as long as the type check alone. The unit suite and the journeys
 * each fill both cores, so they run alone (beside each other they were slower than in turn).
 */
const SIDE_BY_SIDE = new Set(['typecheck', 'lint', 'build']);
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
let failed = false;
for (const step of steps(stages)) {
  if (step.some(([stage]) => NEEDS_BROWSER.has(stage)) && !(await browserReady())) {
    failed = true;
    break;
  }
  const outcomes = await Promise.all(step.map(([stage, command]) => runStage(stage, command, step.length > 1)));
  results.push(...outcomes);
  if (outcomes.some(({ code }) => code !== 0)) {
    failed = true;
    break;
  }
}
printTable(results, (Date.now() - started) / 1000);
process.exit(failed ? 1 : 0);

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

/** The stages in the order they run: those side by side as one step, then each other stage as a step alone. */
function steps(chosen) {
  const together = chosen.filter(([stage]) => SIDE_BY_SIDE.has(stage));
  const alone = chosen.filter(([stage]) => !SIDE_BY_SIDE.has(stage)).map((stage) => [stage]);
  return together.length > 0 ? [together, ...alone] : alone;
}

/**
 * Runs one stage. Beside others its output is held and printed whole when it ends, so that
 * each stage's lines stay together; alone it writes as it goes.
 */
async function runStage(stage, command, beside) {
  const header = `\n▶ ${stage}: ${command}`;
  if (!beside) console.log(header);
  const begun = Date.now();
  const { code, output } = await run(command, beside);
  if (beside) process.stdout.write(`${header}\n${output}`);
  return { stage, seconds: (Date.now() - begun) / 1000, code };
}

function run(command, held) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
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
