/**
 * `npm run paths`: the paths of the machines' test models, for QA (docs/testing.md, "Path tests for QA").
 *
 *   npm run paths                          every machine with its counts
 *   npm run paths -- <machine>             its shortest paths as numbered steps in plain words
 *   npm run paths -- <machine> --simple    its simple paths instead (capped, see SIMPLE_PATH_CAP)
 *   npm run paths -- <machine> --to <state>   only the paths that end in <state> (dotted: flow.authorising)
 *   ... --json | --csv                     the same as JSON, or CSV with one row per step
 *   npm run paths -- <machine> --playwright   writes tests/e2e/generated/<machine>.spec.ts
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { census, SIMPLE_PATH_CAP, simplePaths, type MachineCensus } from '../testkit/models/kit/census';
import { models } from '../testkit/models/index';
import { shortestPaths, type MachineModel, type ModelPath } from '../testkit/models/kit/machineModel';
import { stateValueOf, wordPath, type WordedPath } from '../testkit/models/kit/pathWords';
import type { MachineDescription } from '../src/machines/kit/machineDescription';
import { generatedSpec, generatedSpecPath, hasBrowserFlow } from '../testkit/browserSpecs';
import { descriptionPath } from './machines-docs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    simple: { type: 'boolean', default: false },
    to: { type: 'string' },
    json: { type: 'boolean', default: false },
    csv: { type: 'boolean', default: false },
    playwright: { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const csvCell = (value: string | number) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);
const csvRow = (cells: (string | number)[]) => cells.map(csvCell).join(',');

function listMachines() {
  const rows: MachineCensus[] = models.map(census);
  if (values.json) return console.log(JSON.stringify(rows, null, 2));
  if (values.csv) {
    console.log(csvRow(['machine', 'states', 'transitions', 'shortest paths', 'simple paths', 'transitions covered']));
    for (const r of rows)
      console.log(
        csvRow([
          r.name,
          r.states,
          r.transitions,
          r.shortestPaths,
          `${r.simplePathsCapped ? '>' : ''}${r.simplePaths}`,
          r.covered,
        ]),
      );
    return;
  }
  const table = [
    ['machine', 'states', 'transitions', 'shortest', 'simple', 'transitions its paths take'],
    ...rows.map((r) => [
      r.name,
      String(r.states),
      String(r.transitions),
      String(r.shortestPaths),
      `${r.simplePathsCapped ? '≥ ' : ''}${r.simplePaths}`,
      `${r.covered}/${r.transitions}${r.covered === r.transitions ? '' : '  ← not every transition'}`,
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [i, row] of table.entries()) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
    if (i === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
  console.log(
    `\n${rows.length} machines. \`npm run paths -- <machine>\` prints one's paths; simple paths stop at ${SIMPLE_PATH_CAP.toLocaleString('en')} per traversal.`,
  );
}

function pathsOf(model: MachineModel): WordedPath[] {
  const ends = values.to ? stateValueOf(values.to) : null;
  let index = 0;
  return model.traversals.flatMap((traversal) => {
    const found: ModelPath[] = values.simple ? simplePaths(model, traversal).paths : shortestPaths(model, traversal);
    return found
      .filter((path) => !ends || path.state.matches(ends))
      .map((path) => wordPath(model, traversal.label, path, index++));
  });
}

async function printPaths(model: MachineModel) {
  const worded = pathsOf(model);
  if (values.json) return console.log(JSON.stringify(worded, null, 2));
  if (values.csv) {
    console.log(csvRow(['machine', 'traversal', 'path', 'step', 'from', 'action', 'event', 'payload', 'to']));
    for (const path of worded) {
      for (const { step, from, action, event, to } of path.steps) {
        const { type, ...payload } = event;
        console.log(
          csvRow([path.machine, path.traversal, path.path, step, from, action, type, JSON.stringify(payload), to]),
        );
      }
    }
    return;
  }
  const { summary } = (await import(descriptionPath(model.name))).default as MachineDescription;
  console.log(`${model.name}: ${summary}`);
  console.log(
    `${worded.length} ${values.simple ? 'simple' : 'shortest'} paths${values.to ? ` ending in ${values.to}` : ''}\n`,
  );
  let traversal = '';
  for (const path of worded) {
    if (path.traversal !== traversal && model.traversals.length > 1)
      console.log(`── ${(traversal = path.traversal)} ──`);
    console.log(`${path.path}. ends in ${path.ends}${path.steps.length ? '' : ' (where it starts)'}`);
    for (const { step, from, action, to } of path.steps) console.log(`   ${step}. ${from} → ${action} → ${to}`);
  }
}

const [name] = positionals;
if (!name) {
  if (values.playwright) {
    for (const model of models.filter(hasBrowserFlow)) writeFileSync(generatedSpecPath(model), generatedSpec(model));
  } else listMachines();
} else {
  const model =
    models.find((m) => m.name === name) ??
    fail(`No machine "${name}". Machines: ${models.map((m) => m.name).join(', ')}`);
  if (values.playwright) {
    if (!hasBrowserFlow(model))
      fail(
        `${name} has no browser map yet (tests/e2e/flows); machines with one: ${models
          .filter(hasBrowserFlow)
          .map((m) => m.name)
          .join(', ')}`,
      );
    writeFileSync(generatedSpecPath(model), generatedSpec(model));
    console.log(`wrote ${generatedSpecPath(model)}`);
  } else await printPaths(model);
}
// The models' traversal sessions hold timers: exit once everything written has reached the pipe.
process.stdout.write('', () => process.exit(0));
