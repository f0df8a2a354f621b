import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, type AdjacencyValue } from 'xstate/graph';
import { createTransitionCoverage } from './transitionCoverage';
import { shortestPaths, testModelOf, type MachineModel, type ModelPath, type Traversal } from './machineModel';

/**
 * Simple paths (no state twice) grow exponentially with a form's fields; past this many per
 * traversal they are counted as "more than" and listing stops, instead of running for hours.
 */
export const SIMPLE_PATH_CAP = 10_000;

export interface SimplePaths {
  paths: ModelPath[];
  /** Whether the count stopped at the cap. */
  capped: boolean;
}

/**
 * The simple paths of a traversal, over the same adjacency its shortest paths come from: every
 * path from the start that visits no state twice, up to `cap`.
 */
export function simplePaths(model: MachineModel, traversal: Traversal, cap = SIMPLE_PATH_CAP): SimplePaths {
  const testModel = testModelOf(model, traversal);
  const options = { ...testModel.options, ...traversal.options } as Parameters<
    typeof getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>
  >[1];
  // Keyed by serialized snapshots (a branded string).
  const adjacency = getAdjacencyMap(testModel.testLogic, options) as unknown as Record<
    string,
    AdjacencyValue<AnyMachineSnapshot, AnyEventObject>
  >;
  const serialize = options.serializeState!;
  const [startKey] = Object.keys(adjacency);
  const start = adjacency[startKey].state;
  const found: ModelPath[] = [];
  const steps: { state: AnyMachineSnapshot; event: AnyEventObject }[] = [
    { state: start, event: { type: 'xstate.init' } },
  ];
  const onPath = new Set<string>([startKey]);
  let capped = false;
  // A state is walked through once per path that reaches it: its edges and their ends are serialized once.
  const edges = new Map<string, { state: AnyMachineSnapshot; event: AnyEventObject; next: string }[]>();
  const edgesOf = (key: string) => {
    let known = edges.get(key);
    if (!known) {
      const from = adjacency[key];
      const transitions = Object.values(from?.transitions ?? {});
      known = transitions.map(({ state, event }) => ({ state, event, next: serialize(state, event, from.state) }));
      edges.set(key, known);
    }
    return known;
  };

  const walk = (key: string) => {
    for (const { state, event, next } of edgesOf(key)) {
      if (found.length >= cap) {
        capped = true;
        return;
      }
      if (onPath.has(next)) continue;
      steps.push({ state, event });
      found.push({ state, steps: [...steps], weight: steps.length - 1 } as unknown as ModelPath);
      onPath.add(next);
      walk(next);
      onPath.delete(next);
      steps.pop();
    }
  };
  walk(startKey);
  return { paths: found, capped };
}

/**
 * Which of the machine's transitions its paths take, found by replaying every shortest path on the
 * machine itself: each call it invokes stays pending (the path's own answer is sent as the event the
 * call would send) and timers wait for the path's timer events. The suites check the same paths
 * against real actors; this reports the coverage without running Vitest.
 */
export function pathCoverage(model: MachineModel) {
  const coverage = createTransitionCoverage(model.machine);
  for (const traversal of model.traversals) {
    for (const path of shortestPaths(model, traversal)) replay(model, traversal, path, coverage.inspect);
  }
  return {
    taken: coverage.all().length - coverage.missing().length,
    declared: coverage.all().length,
    missing: coverage.missing(),
  };
}

/** Runs a path's events on the machine whose calls never answer by themselves; `inspect` sees each step's transitions. */
function replay(
  model: MachineModel,
  traversal: Traversal,
  path: ModelPath,
  inspect: (event: InspectionEvent) => void,
  beforeStep?: (index: number) => void,
) {
  const pending = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(model.machine.implementations.actors).map((name) => [name, pending]));
  const actor = createActor(model.machine.provide({ actors }), {
    input: traversal.options.input,
    inspect,
    clock: new SimulatedClock(),
  });
  actor.subscribe({ error: () => {} });
  actor.start();
  path.steps.slice(1).forEach(({ event }, index) => {
    beforeStep?.(index + 1);
    actor.send(event);
  });
  actor.stop();
}

/**
 * For each transition the traversal's shortest paths take, the shortest of them cut right after
 * that transition; a path that another one begins with is left out. A handful of paths that still
 * take every transition the traversal reaches: what the generated browser tests walk, where every
 * step costs real seconds.
 */
export function pathsToEveryTransition(model: MachineModel, traversal: Traversal): ModelPath[] {
  const best = new Map<string, ModelPath>();
  for (const path of shortestPaths(model, traversal)) {
    let step = 0;
    const firstStepOf = new Map<string, number>();
    const coverage = createTransitionCoverage(model.machine);
    const before = new Set<string>();
    replay(
      model,
      traversal,
      path,
      (event) => {
        coverage.inspect(event);
        for (const key of coverage.all()) {
          if (!coverage.missing().includes(key) && !before.has(key)) {
            before.add(key);
            firstStepOf.set(key, step);
          }
        }
      },
      (index) => (step = index),
    );
    for (const [key, at] of firstStepOf) {
      if (at === 0) continue;
      const known = best.get(key);
      if (!known || known.steps.length > at + 1)
        best.set(key, { ...path, state: path.steps[at].state, steps: path.steps.slice(0, at + 1) });
    }
  }
  const chosen = [...new Set(best.values())].sort((a, b) => a.steps.length - b.steps.length);
  const events = (path: ModelPath) => path.steps.map(({ event }) => JSON.stringify(event));
  const beginsWith = (long: ModelPath, short: ModelPath) =>
    long.steps.length > short.steps.length && events(short).every((e, i) => e === events(long)[i]);
  const unique = chosen.filter(
    (path, i) => chosen.findIndex((other) => events(other).join() === events(path).join()) === i,
  );
  return unique.filter((path) => !unique.some((other) => beginsWith(other, path)));
}

export interface MachineCensus {
  name: string;
  states: number;
  transitions: number;
  shortestPaths: number;
  simplePaths: number;
  simplePathsCapped: boolean;
  covered: number;
}

/** The figures `npm run paths` lists for a machine. */
export function census(model: MachineModel): MachineCensus {
  const simple = model.traversals.map((traversal) => simplePaths(model, traversal));
  const coverage = pathCoverage(model);
  return {
    name: model.name,
    states: getStateNodes(model.machine.root).length,
    transitions: coverage.declared,
    shortestPaths: model.traversals.reduce((sum, traversal) => sum + shortestPaths(model, traversal).length, 0),
    simplePaths: simple.reduce((sum, { paths }) => sum + paths.length, 0),
    simplePathsCapped: simple.some(({ capped }) => capped),
    covered: coverage.taken,
  };
}
