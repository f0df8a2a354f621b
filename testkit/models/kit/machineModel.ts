import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { TestModel, TestPath, TraversalOptions } from 'xstate/graph';

/**
 * One machine's test model, shared by its model-based suite (tests/machines), the path tools
 * (`npm run paths`), the generated browser tests and the machine pages (`npm run machines:docs`):
 * the events a path may take with their payloads, and the traversals that pick the paths. A suite
 * walks exactly these paths, so what QA prints is what CI runs.
 */
export interface MachineModel {
  /** The name used on the command line, the file name in docs/machines and testkit/models. */
  name: string;
  machine: AnyStateMachine;
  /** The events paths may take, payloads included; a traversal may bring its own (a purchase's per service). */
  model?: TestModel<AnyMachineSnapshot, AnyEventObject, unknown>;
  /** Each traversal: a label (the input it starts from) and its options; most machines have one. */
  traversals: Traversal[];
  /** How many transitions the machine declares; its suite asserts that every one was walked. */
  transitions: number;
  /**
   * The traversal the generated browser tests walk (tests/e2e/generated), when it is not the
   * first: one service's screen of the purchase flow, the countdown from the app's real 59 s.
   */
  browser?: Traversal;
  /** Event types the generated browser tests cannot produce against the development server, with why. */
  browserUnreachable?: Record<string, string>;
  /** Plain words for events whose generic wording says too little (`purchase.change` → "type the amount: 500"). */
  words?: Record<string, (event: AnyEventObject) => string>;
}

export interface Traversal {
  label: string;
  model?: TestModel<AnyMachineSnapshot, AnyEventObject, unknown>;
  options: TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown>;
}

export type ModelPath = TestPath<AnyMachineSnapshot, AnyEventObject>;

/** Declares a model with its traversals' options typed against the machine. */
export const defineModel = (model: MachineModel): MachineModel => model;

/** The shortest paths of one traversal: what the suite walks. */
export const shortestPaths = (model: MachineModel, traversal: Traversal): ModelPath[] =>
  testModelOf(model, traversal).getShortestPaths(traversal.options);

/** The test model a traversal runs on: its own, or its machine's. */
export function testModelOf(model: MachineModel, traversal: Traversal) {
  const testModel = traversal.model ?? model.model;
  if (!testModel) throw new Error(`${model.name}: the traversal "${traversal.label}" has no test model`);
  return testModel;
}

/** Why no browser path can take a failed bot check: the development server's captcha never fails. */
export const DEVELOPMENT_CAPTCHA_NEVER_FAILS = {
  'xstate.error.actor.captcha': 'the development captcha (no VITE_CAPTCHA_SITE_KEY) answers at once and never fails',
};
