import { expect } from 'vitest';
import { fromPromise, waitFor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { serializeSnapshot, type TestModel, type TestPath } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import type { FlowEmitted } from '../../src/machines/effects';

/**
 * What the form-flow model tests share: promise actors the test settles, a log of
 * emitted effects checked step by step, and traversal options that keep the generated paths
 * few but meaningful.
 */

/** A promise actor that stays pending until the test settles it; remembers each call's input. */
export function deferredActor<TOutput, TInput = unknown>() {
  const calls: { input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void }[] = [];
  return {
    logic: fromPromise<TOutput, TInput>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject }))),
    get last() {
      const call = calls.at(-1);
      if (!call) throw new Error('the actor was never invoked');
      return call;
    },
  };
}

/** Collects what an actor emits; each step states what it expects, and `check` compares after the step. */
export function effectLog(actor: { on: (type: '*', handler: (emitted: FlowEmitted) => void) => unknown }) {
  const seen: FlowEmitted[] = [];
  let expected: FlowEmitted[] = [];
  actor.on('*', (emitted) => void seen.push(emitted));
  return {
    expect(effects: FlowEmitted[]) {
      expected = effects;
    },
    check() {
      expect(seen.splice(0)).toEqual(expected);
      expected = [];
    },
  };
}

export const errorToast = (message: string): FlowEmitted => ({ type: 'toast', level: 'error', message });
export const successToast = (message: string): FlowEmitted => ({ type: 'toast', level: 'success', message });
export const navigation = (to: string): FlowEmitted => ({ type: 'navigate', to });

/** The session actor differs between the traversal and each run; everything else must match. */
export function withoutSession<C extends object>(context: C): Omit<C, 'session'> {
  const { session: _session, ...rest } = context as C & { session?: unknown };
  return rest;
}

/** Settles once the actor has moved on from `state` (or finished). */
export const leaves = (actor: AnyActorRef, state: StateValue) => waitFor(actor, (s: AnyMachineSnapshot) => !s.matches(state));

type EffectLog = ReturnType<typeof effectLog>;

/**
 * Executes an `xstate.error.actor.<id>` step: the server refuses with the case's message, which
 * the user sees once, as an error toast.
 */
export function refusedByServer(actor: AnyActorRef, effects: EffectLog, call: () => { reject: (error: unknown) => void }) {
  return async ({ event }: { event: AnyEventObject }) => {
    const { error } = event as unknown as { error: string };
    effects.expect([errorToast(error)]);
    // What `callOk` throws for a non-success envelope.
    call().reject(new ApiError({ type: 'error', message: error }));
    await leaves(actor, 'submitting');
  };
}

/** What every step of a form flow checks: the state, the context (session aside), the busy tag and the effects emitted. */
export function expectStep(actor: AnyActorRef, expected: AnyMachineSnapshot, effects: EffectLog): AnyMachineSnapshot {
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  expect(snapshot.value).toEqual(expected.value);
  expect(withoutSession(snapshot.context)).toEqual(withoutSession(expected.context));
  expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'));
  effects.check();
  return snapshot;
}

/**
 * Fills text fields the way a person does, each once and in form order, and only while
 * editing; without this every subset of filled fields is its own state and the paths explode.
 */
export function fillInOrder(changeType: string, fields: readonly string[]) {
  return (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    if (event.type !== changeType) return true;
    const form = snapshot.context.form as Record<string, string>;
    const position = fields.indexOf(event.field);
    return snapshot.matches('editing') && form[event.field] === '' && fields.slice(0, position).every((f) => form[f] !== '');
  };
}

/**
 * A transition that changes neither state nor context (a rejected submit toasting its message)
 * or several outputs that end in the same state (logins landing on different routes) would
 * share one state key, and shortest paths would walk only one of them. Keying the states an
 * event of these types reaches by the event itself gives each its own path.
 */
export function keyApart<M extends TestModel<AnyMachineSnapshot, AnyEventObject, unknown>>(model: M, types: readonly string[]) {
  const base = model.options.serializeState ?? serializeSnapshot;
  return (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
    base(snapshot, event, prev) + (event && types.includes(event.type) ? ` after ${JSON.stringify(event)}` : '');
}

/** A readable test title: where the path ends, and the events that lead there. */
export function pathTitle(path: TestPath<AnyMachineSnapshot, AnyEventObject>) {
  const steps = path.steps
    .filter(({ event }) => event.type !== 'xstate.init')
    .map(({ event }) => {
      const { type, ...payload } = event;
      const detail = Object.entries(payload)
        .map(([key, value]) => `${key}=${typeof value === 'object' && value ? ((value as { type?: string }).type ?? '…') : JSON.stringify(value)}`)
        .join(' ');
      return detail ? `${type}(${detail})` : type;
    });
  return `${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || '(start)'}`;
}
