import {
  getNextTransitions,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';

/**
 * createTestModel() refuses machines with `invoke`, `after` or delayed actions. This builds the
 * same kind of TestModel (transition-aware state keys, events found per state) without that
 * check, so paths include `xstate.done.actor.<id>`, `xstate.error.actor.<id>` and
 * `xstate.after.<delay>.<stateId>` steps that the test executes by settling a promise or
 * advancing a clock. `cases` are the events to try, payload included; an event type without a
 * case is tried bare.
 */
export function createActorTestModel<M extends AnyStateMachine>(machine: M, cases: AnyEventObject[] = []) {
  const model = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(machine, {
    events: (snapshot) => {
      const types = new Set(
        getNextTransitions(snapshot)
          .map((t) => t.eventType)
          .filter((t) => t !== ''),
      );
      return [...types].flatMap((type) => {
        const given = cases.filter((e) => e.type === type);
        return given.length ? given : [{ type }];
      });
    },
    serializeState: (snapshot, event, prev) => {
      const moved = event && prev && JSON.stringify(prev.value) !== JSON.stringify(snapshot.value);
      return serializeSnapshot(snapshot) + (moved ? ` via ${event.type} from ${JSON.stringify(prev.value)}` : '');
    },
    stateMatcher: (snapshot, key) => snapshot.matches(key),
  });
  return model as unknown as TestModel<SnapshotFrom<M>, EventFromLogic<M> | AnyEventObject, unknown>;
}

/**
 * For `getShortestPaths({ serializeState })`: keys each state by the transition that reached it
 * (previous snapshot, event type, snapshot), so some path takes every transition, including
 * those that leave the snapshot as it was (a validation toast) or lead where another one does
 * (a retry). More paths than the default key; meant for small flow machines.
 */
export const serializeTransitionTaken = (
  snapshot: AnyMachineSnapshot,
  event?: AnyEventObject,
  prev?: AnyMachineSnapshot,
): string =>
  event && prev
    ? `${serializeSnapshot(prev)} --${event.type}--> ${serializeSnapshot(snapshot)}`
    : serializeSnapshot(snapshot);

/**
 * A transition that changes neither state nor context (a rejected submit toasting its message)
 * or several outputs that end in the same state (logins landing on different routes) would
 * share one state key, and shortest paths would walk only one of them. Keying the states an
 * event of these types reaches by the event itself gives each its own path.
 */
export function keyApart<M extends TestModel<AnyMachineSnapshot, AnyEventObject, unknown>>(
  model: M,
  types: readonly string[],
) {
  const base = model.options.serializeState ?? serializeSnapshot;
  return (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
    base(snapshot, event, prev) + (event && types.includes(event.type) ? ` after ${JSON.stringify(event)}` : '');
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
    return (
      snapshot.matches('editing') && form[event.field] === '' && fields.slice(0, position).every((f) => form[f] !== '')
    );
  };
}
