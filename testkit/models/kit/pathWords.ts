import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { maskSecrets } from '../../../src/ui/app/inspectorMask';
import type { MachineModel, ModelPath } from './machineModel';

/**
 * A path in plain words, for people (`npm run paths -- <machine>`), test-management tools (`--csv`,
 * `--json`) and the generated browser tests: each step is the state it starts from, what happens
 * (a person's action, a timer, a service's answer) and the state it reaches. Secrets go through the
 * inspector's mask, so a printed or exported path shows placeholders, never a pin or a password.
 */
export interface WordedStep {
  step: number;
  from: string;
  action: string;
  /** The event as sent, masked. */
  event: AnyEventObject;
  to: string;
}

export interface WordedPath {
  machine: string;
  traversal: string;
  /** 1-based, within its machine. */
  path: number;
  ends: string;
  steps: WordedStep[];
}

/** `{ flow: 'editing', recent: 'loaded' }` → `flow.editing + recent.loaded`. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([region, inner]) => {
      const innerLabel = stateLabel(inner as StateValue);
      return typeof inner === 'string' || !innerLabel.includes(' + ')
        ? `${region}.${innerLabel}`
        : `${region}.(${innerLabel})`;
    })
    .join(' + ');
}

/** `flow.authorising` → `{ flow: 'authorising' }`, for `snapshot.matches`. */
export function stateValueOf(label: string): StateValue {
  const [head, ...rest] = label.split('.');
  return rest.length ? { [head]: stateValueOf(rest.join('.')) } : head;
}

const messageOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  if (value && typeof value === 'object' && 'message' in value) return String((value as { message: unknown }).message);
  return JSON.stringify(value);
};

const seconds = (ms: number) => `${ms / 1000} s pass${ms === 1000 ? 'es' : ''}`;

/** How long a delay named in an `xstate.after.<delay>.<state id>` event is, in words. */
function timerWords(model: MachineModel, delay: string): string {
  if (/^\d+$/.test(delay)) return seconds(Number(delay));
  const configured = (model.machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof configured === 'number' ? seconds(configured) : `the ${delay} delay passes`;
}

/** One event in words: the model's own wording, else a generic one by kind (timer, answer, failure, a person's action). */
export function eventWords(model: MachineModel, event: AnyEventObject): string {
  const masked = maskSecrets(event);
  const own = model.words?.[event.type];
  if (own) return own(masked);
  const actor = event.type.split('.').slice(3).join('.');
  if (event.type.startsWith('xstate.after.')) return timerWords(model, event.type.split('.')[2]);
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = (masked as { output?: unknown }).output;
    return `the ${actor} call answers${output === undefined ? '' : `: ${messageOf(output)}`}`;
  }
  if (event.type.startsWith('xstate.error.actor.'))
    return `the ${actor} call fails: ${messageOf((masked as { error?: unknown }).error)}`;
  const { type, ...payload } = masked;
  const details = Object.entries(payload).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return details.length ? `${type} (${details.join(', ')})` : type;
}

/** A path's steps in words; the first step (the machine starting) is the path's starting state, not a step. */
export function wordPath(model: MachineModel, traversal: string, path: ModelPath, index: number): WordedPath {
  const [start, ...moves] = path.steps;
  let from = stateLabel(start.state.value);
  const steps = moves.map(({ event, state }: { event: AnyEventObject; state: AnyMachineSnapshot }, i) => {
    const to = stateLabel(state.value);
    const step = { step: i + 1, from, action: eventWords(model, event), event: maskSecrets(event), to };
    from = to;
    return step;
  });
  return { machine: model.name, traversal, path: index + 1, ends: stateLabel(path.state.value), steps };
}
