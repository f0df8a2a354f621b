import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEventObject } from 'xstate';
import { pathsToEveryTransition } from './models/kit/census';
import type { MachineModel } from './models/kit/machineModel';
import { wordPath } from './models/kit/pathWords';

/**
 * Writes a machine's browser spec: the shortest path to each transition of its browser traversal,
 * as data, each walked by `walkPath` with the machine's flow (tests/e2e/flows/<machine>.ts).
 * `npm run paths -- <machine> --playwright` writes it; tests/generatedSpecs.test.ts fails while a
 * checked-in spec differs from what this writes.
 */
/** One step of a generated path, as its spec lists it. */
export interface GeneratedStep {
  /** The step in words (testkit/models/kit/pathWords.ts), for the report. */
  action: string;
  /** The model's event, secrets masked: the flow types its own account's secrets. */
  event: { type: string; [field: string]: unknown };
  /** The state the model reaches. */
  to: string;
}

/** A path of a machine's model, as data, for `walkPath` (tests/e2e/flows/browserFlow.ts) to walk in the browser. */
export interface GeneratedPath {
  from: string;
  steps: GeneratedStep[];
}

const FLOWS = join('tests', 'e2e', 'flows');
export const generatedSpecPath = (model: MachineModel) => join('tests', 'e2e', 'generated', `${model.name}.spec.ts`);
export const hasBrowserFlow = (model: MachineModel) => existsSync(join(FLOWS, `${model.name}.ts`));

/** The model's module, in the room of its feature (testkit/models/<room>/<machine>.model.ts). */
function modelFile(model: MachineModel): string {
  const MODELS = join('testkit', 'models');
  const rooms = readdirSync(MODELS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const room = rooms.find((entry) => existsSync(join(MODELS, entry.name, `${model.name}.model.ts`)));
  if (!room) throw new Error(`no model module ${model.name}.model.ts in ${MODELS}/<room>/`);
  return `${MODELS}/${room.name}/${model.name}.model.ts`;
}

/** What a generated step keeps of an answer: its kind and words, not the whole fixture. */
function compact(event: AnyEventObject): GeneratedPath['steps'][number]['event'] {
  const { type, output, error, ...rest } = event;
  const compacted: Record<string, unknown> = { type, ...rest };
  if (output !== undefined) {
    const envelope = output as { type?: string; message?: string; data?: { reason?: string; status?: string } };
    compacted.output =
      typeof output === 'object' && output && 'type' in envelope
        ? {
            type: envelope.type,
            message: envelope.message,
            ...(envelope.data?.reason ? { reason: envelope.data.reason } : {}),
            ...(envelope.data?.status ? { status: envelope.data.status } : {}),
          }
        : output;
  }
  if (error !== undefined) compacted.error = error instanceof Error ? error.message : error;
  return compacted as GeneratedPath['steps'][number]['event'];
}

export function browserPaths(model: MachineModel): {
  paths: (GeneratedPath & { title: string })[];
  left: { title: string; why: string }[];
} {
  const traversal = model.browser ?? model.traversals[0];
  const paths: (GeneratedPath & { title: string })[] = [];
  const left: { title: string; why: string }[] = [];
  pathsToEveryTransition(model, traversal).forEach((path, index) => {
    const worded = wordPath(model, traversal.label, path, index);
    const title = `${index + 1}. ${worded.steps.at(-1)?.action ?? 'start'} → ${worded.ends}`;
    const blocked = worded.steps.find(({ event }) => model.browserUnreachable?.[event.type]);
    if (blocked) return void left.push({ title, why: model.browserUnreachable![blocked.event.type] });
    paths.push({
      title,
      from: worded.steps[0]?.from ?? worded.ends,
      steps: worded.steps.map(({ action, event, to }) => ({ action, event: compact(event), to })),
    });
  });
  return { paths, left };
}

export function generatedSpec(model: MachineModel): string {
  const { paths, left } = browserPaths(model);
  const traversal = model.browser ?? model.traversals[0];
  const flow = `${model.name}Flow`;
  const lines = [
    `// Written by \`npm run paths -- ${model.name} --playwright\` from ${modelFile(model)} (traversal "${traversal.label}"):`,
    '// the shortest path to every transition, walked in Chromium against the real server. Do not edit;',
    '// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.',
    ...(left.length
      ? [
          '//',
          '// Not walked in the browser (their model suite walks them):',
          ...left.map(({ title, why }) => `// - ${title}: ${why}`),
        ]
      : []),
    "import { test } from '../../support/e2e/journeys';",
    "import { walkPath } from '../flows/browserFlow';",
    `import { ${flow} } from '../flows/${model.name}';`,
    '',
    `test.describe('${model.name}: every transition in the browser', () => {`,
    ...paths.flatMap(({ title, ...path }) => [
      `  test(${JSON.stringify(title)}, ({ page, request }) =>`,
      `    walkPath(page, request, ${flow}, ${JSON.stringify(path, null, 2).replaceAll('\n', '\n    ')}),`,
      '  );',
    ]),
    '});',
    '',
  ];
  return lines.join('\n');
}
