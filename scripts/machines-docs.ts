/**
 * Writes docs/machines/<machine>.md for every machine in src/machines/<room>/, and an index page
 * (`npm run machines:docs`): a Mermaid state diagram GitHub renders, the machine's events, guards,
 * actions, actors and delays with the one-liner <machine>.description.ts beside it gives each,
 * and its count of shortest paths. tests/machinesDocs.test.ts fails while a page differs from what
 * this writes, and this fails on a name without a description (or a description without a name).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { effectActions, type MachineDescription } from '../src/machines/kit/machineDescription';
import { models } from '../testkit/models/index';
import { shortestPaths } from '../testkit/models/kit/machineModel';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The machines' layer: one room a feature, the operator console's last. */
export const MACHINES = 'src/machines';
export const DOCS = 'docs/machines';
const DESCRIPTION = '.description.ts';

interface Documented {
  /** Its module, from the repository's root without '.ts' (src/machines/account/login). */
  file: string;
  machine: AnyStateMachine;
  description: MachineDescription;
}

/** The rooms of the machines' layer, the customer app's first, then the console's. */
function rooms(): string[] {
  const folders = readdirSync(join(ROOT, MACHINES), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const names = folders.map((entry) => entry.name).sort();
  return [...names.filter((name) => name !== 'console'), 'console'].map((name) => `${MACHINES}/${name}`);
}

/** The description module of a machine's model name, beside the machine in whichever room it lives. */
export function descriptionPath(name: string): string {
  const folder = rooms().find((candidate) => existsSync(join(ROOT, candidate, `${name}.ts`)));
  if (!folder) throw new Error(`no machine module named ${name}.ts in ${MACHINES}/<room>/`);
  return join(ROOT, folder, `${name}${DESCRIPTION}`);
}

/** Every machine exported by a module of the machines' rooms, with its module's path and description. */
export async function loadMachines(): Promise<Documented[]> {
  const documented: Documented[] = [];
  for (const folder of rooms()) {
    const modules = readdirSync(join(ROOT, folder)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith(DESCRIPTION),
    );
    for (const file of modules.sort()) {
      const module: Record<string, unknown> = await import(join(ROOT, folder, file));
      for (const machine of Object.values(module).filter(
        (value): value is AnyStateMachine => value instanceof StateMachine,
      )) {
        const name = `${folder}/${file.replace(/\.ts$/, '')}`;
        let description: MachineDescription;
        try {
          description = (await import(join(ROOT, `${name}${DESCRIPTION}`))).default;
        } catch {
          throw new Error(`${name}.ts has no description: write ${name}${DESCRIPTION}`);
        }
        documented.push({ file: name, machine, description });
      }
    }
  }
  return documented;
}

// ── Names and their one-liners ─────────────────────────────────────────────────────────────

const isExternal = (type: string) => !type.startsWith('xstate.');

/** The names a machine uses, by kind, as its setup() and its transitions declare them. */
function namesOf(machine: AnyStateMachine): Record<Exclude<keyof MachineDescription, 'summary'>, string[]> {
  const { guards, actions, actors, delays } = machine.implementations;
  return {
    events: [...machine.events].filter(isExternal).sort(),
    guards: Object.keys(guards).sort(),
    actions: Object.keys(actions).sort(),
    actors: Object.keys(actors).sort(),
    delays: Object.keys(delays).sort(),
  };
}

/** Every name's one-liner; fails on a name without one and on a one-liner without its name. */
function oneLiners({ file, machine, description }: Documented) {
  const problems: string[] = [];
  const names = namesOf(machine);
  const lines = Object.fromEntries(
    Object.entries(names).map(([kind, list]) => {
      const given = description[kind as keyof typeof names];
      const shared = kind === 'actions' ? effectActions : {};
      for (const name of list) if (!given[name] && !shared[name]) problems.push(`${kind} "${name}" has no description`);
      for (const name of Object.keys(given))
        if (!list.includes(name)) problems.push(`${kind} "${name}" is described but not in the machine`);
      return [kind, list.map((name) => [name, given[name] ?? shared[name]] as const)];
    }),
  ) as Record<keyof typeof names, (readonly [string, string])[]>;
  if (!description.summary) problems.push('the summary is empty');
  if (problems.length) throw new Error(`${file}${DESCRIPTION}:\n  - ${problems.join('\n  - ')}`);
  return lines;
}

// ── The diagram ────────────────────────────────────────────────────────────────────────────

/** Words Mermaid's state diagrams reserve, which cannot name a state. */
const RESERVED = new Set([
  'end',
  'state',
  'note',
  'direction',
  'class',
  'classdef',
  'style',
  'as',
  'default',
  'hide',
  'scale',
  'click',
  'left',
  'right',
  'of',
]);
/** The pseudo-state that stands for "whichever state the machine is in" (transitions of the root). */
const ANY_STATE = 'any_state';

/** A Mermaid id for a state node: its path joined by '_' (ids may not hold '.', '-', ':' or spaces). */
function idOf(node: AnyStateNode): string {
  if (!node.parent) return ANY_STATE;
  const id = node.path.join('_').replace(/\W/g, '_');
  return RESERVED.has(id.toLowerCase()) ? `${id}_` : id;
}

/** An invoked actor by its id, or by its name in setup() when the id is one XState made up ('0.session.signedIn.polling'). */
const actorName = (t: AnyTransitionDefinition, id: string) =>
  /^\d+\./.test(id) ? String(t.source.invoke.find((i) => i.id === id)?.src ?? id) : id;

/** A transition's label: its event in words a diagram can hold, and its guard in brackets. */
function labelOf(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  const event =
    /^xstate\.done\.actor\.(.+)$/.exec(type)?.[1].replace(/^.*$/, (id) => `${actorName(t, id)} done`) ??
    /^xstate\.error\.actor\.(.+)$/.exec(type)?.[1].replace(/^.*$/, (id) => `${actorName(t, id)} failed`) ??
    /^xstate\.after\.([^.]+)\./.exec(type)?.[1].replace(/^/, 'after ') ??
    /^xstate\.done\.state\.(.+)$/.exec(type)?.[1].split('.').at(-1)?.concat(' done') ??
    (type === '' ? 'always' : type);
  const guard = t.guard as unknown;
  const guardName =
    typeof guard === 'string'
      ? guard
      : typeof guard === 'object' && guard
        ? (guard as { type: string }).type
        : typeof guard === 'function'
          ? guard.name || 'condition'
          : null;
  return escapeLabel(guardName ? `${event} [${guardName}]` : event);
}

/** Mermaid ends a label at ':' or ';', and '#' opens an entity: none may remain in one. */
const escapeLabel = (text: string) =>
  text
    .replace(/[:;#{}"\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function stateLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  if (node.parent && node.type !== 'parallel' && node.initial)
    lines.push(`${indent}[*] --> ${idOf(node.initial.target[0])}`);
  children.forEach((child, index) => {
    if (node.parent && node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    const id = idOf(child);
    // A nested state's id holds its path; it is shown by its own name.
    if (id !== child.key) lines.push(`${indent}state "${child.key}" as ${id}`);
    if (Object.keys(child.states).length)
      lines.push(`${indent}state ${id} {`, ...stateLines(child, `${indent}  `), `${indent}}`);
    if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
  });
  return lines;
}

/** One arrow per source and target, labelled with every transition it stands for (Mermaid draws parallel arrows on top of each other). */
function transitionLines(machine: AnyStateMachine): string[] {
  const arrows = new Map<string, string[]>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of all) {
      const targets = t.target?.length ? t.target : [node];
      for (const target of targets) {
        const arrow = `${idOf(node)} --> ${idOf(target)}`;
        arrows.set(arrow, [...(arrows.get(arrow) ?? []), labelOf(t)]);
      }
    }
  }
  return [...arrows].map(([arrow, labels]) => `  ${arrow} : ${labels.join(', ')}`);
}

/** The Mermaid stateDiagram-v2 of a machine: nested states, initial and final states, every transition. */
export function diagramOf(machine: AnyStateMachine): string {
  const transitions = transitionLines(machine);
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  if (root.type !== 'parallel' && root.initial) lines.push(`  [*] --> ${idOf(root.initial.target[0])}`);
  lines.push(...stateLines(root, '  '));
  if (transitions.some((line) => line.includes(ANY_STATE))) lines.push(`  state "any state" as ${ANY_STATE}`);
  lines.push(...transitions);
  return lines.join('\n');
}

// ── Paths ──────────────────────────────────────────────────────────────────────────────────

/** The shortest paths of the machine's test model (testkit/models): what its suite walks and `npm run paths` prints. */
export function shortestPathCount(machine: AnyStateMachine): number {
  const model = models.find((m) => m.machine === machine);
  if (!model)
    throw new Error(
      `${machine.id} has no test model: write testkit/models/<machine>.model.ts and list it in testkit/models/index.ts`,
    );
  return model.traversals.reduce((sum, traversal) => sum + shortestPaths(model, traversal).length, 0);
}

// ── Pages ──────────────────────────────────────────────────────────────────────────────────

const table = (heading: string, rows: readonly (readonly [string, string])[]) =>
  rows.length
    ? [
        `## ${heading}`,
        '',
        `| name | what it is |`,
        '|---|---|',
        ...rows.map(([name, line]) => `| \`${name}\` | ${line} |`),
        '',
      ]
    : [];

const GENERATED =
  '<!-- Written by `npm run machines:docs` (scripts/machines-docs.ts); edit the machines and their descriptions (src/machines/<room>/) instead. -->';

function pageOf(documented: Documented, paths: number): string {
  const { file, machine, description } = documented;
  const lines = oneLiners(documented);
  return [
    GENERATED,
    `# ${machine.id}`,
    '',
    description.summary,
    '',
    `Source: [${file}.ts](../../${file}.ts) · shortest paths: **${paths}**`,
    '',
    '```mermaid',
    diagramOf(machine),
    '```',
    '',
    ...table('Events', lines.events),
    ...table('Guards', lines.guards),
    ...table('Actions', lines.actions),
    ...table('Actors', lines.actors),
    ...table('Delays', lines.delays),
  ].join('\n');
}

function indexOf(rows: { documented: Documented; paths: number }[]): string {
  return [
    GENERATED,
    '# The machines',
    '',
    'Every state machine of the app, one page each: its diagram, its events, guards, actions and actors, and how many',
    'shortest paths its test model has (testkit/models; `npm run paths -- <machine>` prints them).',
    '',
    '| machine | what it is | shortest paths |',
    '|---|---|---|',
    ...rows.map(
      ({ documented: { machine, description }, paths }) =>
        `| [${machine.id}](${machine.id}.md) | ${description.summary} | ${paths} |`,
    ),
    '',
  ].join('\n');
}

/** Every page, by its path from the repository's root. */
export async function machinePages(): Promise<Map<string, string>> {
  const rows = (await loadMachines()).map((documented) => ({
    documented,
    paths: shortestPathCount(documented.machine),
  }));
  const pages = new Map(
    rows.map(({ documented, paths }) => [`${DOCS}/${documented.machine.id}.md`, `${pageOf(documented, paths)}\n`]),
  );
  pages.set(`${DOCS}/README.md`, indexOf(rows));
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, content] of await machinePages()) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), content);
  }
  // The session and the flows keep actors alive (the planted session polls); the pages are written.
  process.exit(0);
}
