import { expect, it } from 'vitest';
import {
  fromPromise,
  waitFor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type SimulatedClock,
  type StateValue,
} from 'xstate';
import type { TestPath } from 'xstate/graph';
import { ApiError } from '../../src/api/kit/http';
import type { FlowEmitted } from '../../src/machines/kit/effects';
import { inEnglish } from './inEnglish';
import * as messages from '../../core/messages';
import { BotCheckFailed } from '../../src/api/account/captcha';
import type { Wording } from '../../core/i18n/words';
export { inEnglish };
import type { createTransitionCoverage } from '../../testkit/models/kit/transitionCoverage';

/**
 * How every model suite in tests/machines walks its model's paths (the models themselves, and how
 * they are built, are in testkit/models): promise actors the test settles, a log of emitted
 * effects checked step by step, readable titles, and the check that the paths took every
 * transition.
 */

// ── The paths ──────────────────────────────────────────────────────────────────────────────

/** How a title shows a payload value: an envelope or error by its type, code boxes in full, anything else larger as "…". */
function titleValue(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return JSON.stringify(value);
  if (typeof value === 'object' && value) return (value as { type?: string }).type ?? '…';
  return JSON.stringify(value);
}

/** A readable test title: where the path ends, and the events that lead there. */
export function pathTitle(path: TestPath<AnyMachineSnapshot, AnyEventObject>) {
  const steps = path.steps
    .filter(({ event }) => event.type !== 'xstate.init')
    .map(({ event }) => {
      const { type, ...payload } = event;
      const detail = Object.entries(payload)
        .map(([key, value]) => `${key}=${titleValue(value)}`)
        .join(' ');
      return detail ? `${type}(${detail})` : type;
    });
  return `${JSON.stringify(path.state.value)} ← ${steps.join(' → ') || '(start)'}`;
}

/**
 * The suite's last test, declared after every path so it runs after them: together they took
 * each of the machine's `count` transitions. The count catches a transition added to the
 * machine without a case to walk it.
 */
export function itWalkedEveryTransition(
  machineName: string,
  coverage: ReturnType<typeof createTransitionCoverage>,
  count: number,
) {
  it(`walked every transition of ${machineName}`, () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(count);
  });
}

// ── Actors a path runs against ─────────────────────────────────────────────────────────────

/** A promise actor that stays pending until the test settles it; remembers each call's input. */
export function deferredActor<TOutput, TInput = unknown>() {
  const calls: { input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void }[] = [];
  return {
    logic: fromPromise<TOutput, TInput>(
      ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
    ),
    get last() {
      const call = calls.at(-1);
      if (!call) throw new Error('the actor was never invoked');
      return call;
    },
    /** How many times the actor was invoked. */
    get count() {
      return calls.length;
    },
  };
}

/** Lets a settled promise reach the actor: its callbacks, then the actor's reaction, run within one macrotask. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Settles once the actor has moved on from `state` (or finished). */
export const leaves = (actor: AnyActorRef, state: StateValue) =>
  waitFor(actor, (s: AnyMachineSnapshot) => !s.matches(state));

// ── What each step checks ──────────────────────────────────────────────────────────────────

/**
 * Collects what an actor emits; each step states what it expects, and `check` compares after the step.
 * A toast is kept as the reader sees it in English, whether the flow said it in words or the server did.
 */
export function effectLog(actor: AnyActorRef) {
  const seen: FlowEmitted[] = [];
  let expected: FlowEmitted[] = [];
  actor.on('*', (emitted: FlowEmitted) => void seen.push(emitted));
  return {
    expect(effects: FlowEmitted[]) {
      expected = effects;
    },
    check() {
      expect(seen.splice(0).map(inEnglish)).toEqual(expected.map(inEnglish));
      expected = [];
    },
  };
}

type EffectLog = ReturnType<typeof effectLog>;

export const errorToast = (message: Wording): FlowEmitted => ({ type: 'toast', level: 'error', message });
export const successToast = (message: Wording): FlowEmitted => ({ type: 'toast', level: 'success', message });
export const navigation = (to: string): FlowEmitted => ({ type: 'navigate', to });

const isActorRef = (value: unknown): value is AnyActorRef =>
  typeof value === 'object' &&
  value !== null &&
  'sessionId' in value &&
  typeof (value as AnyActorRef).send === 'function';

/**
 * The actors in a context (the session, an owner) differ between the traversal and each run;
 * everything else must match, so each actor is compared only as being there.
 */
export function comparableContext(context: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(context).map(([key, value]) => [key, isActorRef(value) ? '(actor)' : value]),
  );
}

/** What every step checks: the state, the context (actors aside), the busy tag and the effects emitted. */
export function expectStep<TActor extends AnyActorRef>(
  actor: TActor,
  expected: AnyMachineSnapshot,
  effects: EffectLog,
): ReturnType<TActor['getSnapshot']> {
  const snapshot = actor.getSnapshot();
  expect(snapshot.value).toEqual(expected.value);
  expect(comparableContext(snapshot.context)).toEqual(comparableContext(expected.context));
  expect(snapshot.hasTag('busy')).toBe(expected.hasTag('busy'));
  effects.check();
  return snapshot;
}

// ── Steps of a form flow ───────────────────────────────────────────────────────────────────

type Deferred<TOutput, TInput> = ReturnType<typeof deferredActor<TOutput, TInput>>;
type Step = { event: AnyEventObject };

/**
 * Executes a submit step: the form is checked the way the machine checks it, and a rejection
 * is told once, as an error toast, with nothing sent to the server.
 */
export function submitChecked<TForm>(
  actor: AnyActorRef,
  effects: EffectLog,
  rejectionOf: (form: TForm) => Wording | null,
) {
  return ({ event }: Step) => {
    const rejection = rejectionOf((actor.getSnapshot() as AnyMachineSnapshot).context.form);
    effects.expect(rejection ? [errorToast(rejection)] : []);
    actor.send(event);
  };
}

/**
 * Executes the `xstate.*.actor.captcha` steps of a form that proves a human sends it: the
 * widget answers with the case's token, or fails with the case's message as an error toast.
 */
export function captchaSteps(actor: AnyActorRef, effects: EffectLog, captcha: Deferred<string, unknown>) {
  return {
    'xstate.done.actor.captcha': async ({ event }: Step) => {
      captcha.last.resolve((event as unknown as { output: string }).output);
      await leaves(actor, 'verifyingHuman');
    },
    // The widget could not be solved: the flow says the bot check's words, in the reader's language.
    'xstate.error.actor.captcha': async () => {
      effects.expect([errorToast(messages.botCheckFailed)]);
      captcha.last.reject(new BotCheckFailed());
      await leaves(actor, 'verifyingHuman');
    },
  };
}

/**
 * Executes an `xstate.error.actor.<id>` step of a call that fails with the case's message (the
 * network, the server): the user is told it once, as an error toast, and the step ends when the
 * flow has taken the failure in: `until` it has (left a state), or at the next macrotask.
 */
export function failsWithToast(
  effects: EffectLog,
  call: () => { reject: (error: unknown) => void },
  until: () => Promise<unknown> = settled,
) {
  return async ({ event }: Step) => {
    const { error } = event as unknown as { error: string };
    effects.expect([errorToast(error)]);
    call().reject(new Error(error));
    await until();
  };
}

/**
 * Executes `xstate.done.actor.countdown` of a flow that e-mails a code again only after a wait,
 * second by second on its simulated clock: while the countdown runs, asking again (`askAgain`)
 * sends nothing (`asked` counts the requests) and the countdown shows the seconds left.
 */
export function countdownRuns(actor: AnyActorRef, clock: SimulatedClock, askAgain: () => void, asked: () => number) {
  return () => {
    const { wait } = (actor.getSnapshot() as AnyMachineSnapshot).context;
    for (let second = wait; second > 0; second--) {
      const before = asked();
      askAgain();
      expect(asked()).toBe(before);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      expect(snapshot.matches({ active: { resend: 'cooling' } })).toBe(true);
      expect(snapshot.children.countdown?.getSnapshot().context.remaining).toBe(second);
      clock.increment(1000);
    }
  };
}

type Answered<TOutput> = AnyEventObject & { output: TOutput };

/**
 * Executes an `xstate.done.actor.<id>` step: the form sent `request`, the server accepts with
 * the case's output, and the user is `told` so; `afterwards` checks what the answer changed.
 */
export function acceptedByServer<TOutput, TInput>(
  actor: AnyActorRef,
  effects: EffectLog,
  call: () => Deferred<TOutput, TInput>['last'],
  answer: {
    request: TInput;
    told: (event: Answered<TOutput>) => FlowEmitted[];
    afterwards?: (event: Answered<TOutput>) => void;
  },
) {
  return async ({ event }: Step) => {
    const answered = event as Answered<TOutput>;
    expect(call().input).toEqual(answer.request);
    effects.expect(answer.told(answered));
    call().resolve(answered.output);
    await leaves(actor, 'submitting');
    answer.afterwards?.(answered);
  };
}

/**
 * Executes an `xstate.error.actor.<id>` step: the server refuses with the case's message, which
 * the user sees once, as an error toast; `afterwards` gets the snapshot from before the answer.
 */
export function refusedByServer(
  actor: AnyActorRef,
  effects: EffectLog,
  call: () => { reject: (error: unknown) => void },
  afterwards?: (before: AnyMachineSnapshot) => void,
) {
  return async ({ event }: Step) => {
    const { error } = event as unknown as { error: string };
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    effects.expect([errorToast(error)]);
    // What `callOk` throws for a non-success envelope.
    call().reject(new ApiError({ type: 'error', message: error }));
    await leaves(actor, 'submitting');
    afterwards?.(before);
  };
}
