import { describe, expect, it } from 'vitest';
import { createInspector } from '@statelyai/inspect';
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  getNextTransitions,
  StateMachine,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import { CONCEALED, maskedInspectorOptions, maskSecrets, namesSecret } from '../../../src/ui/app/inspectorMask';
import { loginMachine } from '../../../src/machines/account/login';
import { pinDialogMachine } from '../../../src/machines/account/pinDialog';
import { profileMachine } from '../../../src/machines/account/profile';
import { verifyEmailMachine } from '../../../src/machines/account/verifyEmail';
import { settled } from '../../support/flowHarness';
import { listeningOwner } from '../../../testkit/models/kit/listeningOwner';
import { createTestSession } from '../../../testkit/testSession';
import {
  boughtToken,
  boxes,
  BVN,
  CAPTCHA_TOKEN,
  EMAIL,
  EVENTS,
  eventsOf,
  IDEMPOTENCY_KEY,
  INNOCENTS,
  INPUTS,
  leaksIn,
  NIN,
  PASSWORD,
  PHONE,
  PIN,
  plantedUser,
  RESET_TOKEN,
  SESSION_TOKEN,
  BOUGHT_TOKEN,
  BORN,
  session,
  success,
} from '../../support/plantedEvents';

/**
 * What the Stately inspector receives must never hold a pin, an OTP, a password, a BVN, a NIN or
 * a token, wherever it sits; innocent values stay readable. Secrets are planted in
 * every event of every machine and in the contexts those events build, then looked for in what
 * the mask lets through.
 */

// The customer app's machines, in their rooms, whose starting inputs INPUTS gives.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../src/machines/*/*.ts', '!../../../src/machines/console/*', '!../../../src/machines/*/*.description.ts'],
  { eager: true },
);
const machines = Object.values(modules)
  .flatMap((module) => Object.values(module))
  .filter((value): value is AnyStateMachine => value instanceof StateMachine);

/** The snapshots a machine reaches from its start by planted events, breadth first (pure transitions: no actor runs). */
function reachable(machine: AnyStateMachine, limit = 300) {
  const start = getInitialSnapshot(machine, INPUTS[machine.id]()) as AnyMachineSnapshot;
  const seen = new Set<string>();
  const steps: { event: AnyEventObject; snapshot: AnyMachineSnapshot }[] = [];
  const queue = [start];
  while (queue.length && steps.length < limit) {
    const snapshot = queue.shift()!;
    const types = new Set(
      getNextTransitions(snapshot)
        .map((t) => t.eventType)
        .filter((type) => type !== ''),
    );
    for (const event of [...types].flatMap((type) => eventsOf(machine, type))) {
      const next = getNextSnapshot(machine, snapshot, event) as AnyMachineSnapshot;
      steps.push({ event, snapshot: next });
      const key =
        JSON.stringify(maskSecrets({ value: next.value, context: next.context })) + JSON.stringify(next.context);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return { start, steps };
}

describe('the inspector’s mask, on every machine', () => {
  it('finds every machine of src/machines', () => {
    expect(machines.map((m) => m.id).sort()).toEqual(Object.keys(INPUTS).sort());
  });

  for (const machine of machines) {
    it(`${machine.id}: no planted secret survives in its events or the contexts they build`, () => {
      // Every event the machine declares, with its planted payload.
      for (const type of machine.events) {
        for (const event of eventsOf(machine, type)) {
          const masked = maskSecrets({ type: '@xstate.event', event });
          expect(leaksIn(masked), `${machine.id}: ${type}`).toEqual([]);
          for (const innocent of INNOCENTS.filter(
            (value) => JSON.stringify(event).includes(value) && event.type !== 'clipboard.copy',
          )) {
            expect(JSON.stringify(masked), `${machine.id}: ${type} keeps ${innocent}`).toContain(innocent);
          }
        }
      }
      // The contexts those events build, as the inspector's snapshot events carry them.
      const { start, steps } = reachable(machine);
      expect(leaksIn(maskSecrets({ type: '@xstate.actor', snapshot: start })), `${machine.id}: start`).toEqual([]);
      for (const { event, snapshot } of steps) {
        expect(
          leaksIn(maskSecrets({ type: '@xstate.snapshot', event, snapshot })),
          `${machine.id}: after ${event.type}`,
        ).toEqual([]);
      }
    });
  }

  it('an inspection event’s own stamps are not the app’s: a pin the time holds by chance is no leak', () => {
    const stamped = { type: '@xstate.event', _version: '0.0.0', createdAt: `1796181${PIN}123`, id: `0.${PIN}` };
    expect(leaksIn([stamped])).toEqual([]);
    expect(leaksIn([{ ...stamped, event: { type: 'pin.change', value: PIN } }])).toEqual([PIN]);
  });

  it('plants secrets the mask has to find: unmasked, they show', () => {
    const { steps } = reachable(profileMachine);
    const typed = steps.map(({ snapshot }) => snapshot.context.form).find((form) => form.bvn === BVN);
    expect(typed).toBeDefined();
    expect(leaksIn(EVENTS['pin.change'])).not.toEqual([]);
    expect(leaksIn({ plantedUser, boughtToken })).toEqual(
      expect.arrayContaining([BVN, NIN, SESSION_TOKEN, BOUGHT_TOKEN]),
    );
  });
});

// ── The rules, one by one ──────────────────────────────────────────────────────────────────

describe('the inspector’s mask, rule by rule', () => {
  it('conceals the value of a typed secret field and keeps the field’s name', () => {
    expect(maskSecrets({ type: 'login.change', field: 'password', value: PASSWORD })).toEqual({
      type: 'login.change',
      field: 'password',
      value: CONCEALED,
    });
    expect(maskSecrets({ type: 'profile.change', field: 'bvn', value: '2233' })).toEqual({
      type: 'profile.change',
      field: 'bvn',
      value: CONCEALED,
    });
    expect(maskSecrets({ type: 'login.change', field: 'email', value: EMAIL })).toEqual({
      type: 'login.change',
      field: 'email',
      value: EMAIL,
    });
  });

  it('shows pin and OTP boxes by how many are filled, never by what', () => {
    expect(maskSecrets({ type: 'verify.change', values: ['4', '8', '', ''] })).toEqual({
      type: 'verify.change',
      values: ['•', '•', '', ''],
    });
    expect(maskSecrets({ type: 'pin.accepted', pin: PIN })).toEqual({ type: 'pin.accepted', pin: CONCEALED });
    expect(maskSecrets({ form: { otp: ['4', '8', '1', '5'], password: '', pins: ['3'] } })).toEqual({
      form: { otp: ['•', '•', '•', '•'], password: '', pins: ['•'] },
    });
  });

  it('keeps facts about a secret, and the pin marker, readable', () => {
    const user = { pin: 'set', pin_attempts: 2, max_attempts: 3, pin_locked: false, email_verified_at: null };
    expect(maskSecrets(user)).toEqual(user);
    expect(maskSecrets({ remaining: 42, wait: 60 })).toEqual({ remaining: 42, wait: 60 });
    expect(['remaining', 'pin_attempts', 'pinDialog', 'beneficiary', 'amount'].filter(namesSecret)).toEqual([]);
    expect(
      [
        'password',
        'old_pin',
        'confirm_new_password',
        'captchaToken',
        'bvn',
        'nin',
        'otp',
        'code',
        'resetPin.otp',
      ].every(namesSecret),
    ).toBe(true);
  });

  it('conceals token-shaped text anywhere, and not an idempotency key', () => {
    expect(maskSecrets({ to: `/set-pin?token=${RESET_TOKEN}` })).toEqual({ to: `/set-pin?token=${CONCEALED}` });
    expect(maskSecrets({ note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' })).toEqual({ note: CONCEALED });
    expect(maskSecrets({ idempotencyKey: IDEMPOTENCY_KEY })).toEqual({ idempotencyKey: IDEMPOTENCY_KEY });
  });

  it('conceals a secret a text names, and nothing else of the text', () => {
    const content = `Electricity for meter ${'45011234567'}: 4.7 kWh. Token : ${BOUGHT_TOKEN} (ref 202611221533fae124084122)`;
    expect(maskSecrets({ content })).toEqual({
      content: `Electricity for meter 45011234567: 4.7 kWh. Token : ${CONCEALED} (ref 202611221533fae124084122)`,
    });
    expect(maskSecrets({ content: 'WAEC Result Checker. Serial: WRN123456789 PIN: 482615937204' })).toEqual({
      content: `WAEC Result Checker. Serial: WRN123456789 PIN: ${CONCEALED}`,
    });
  });

  it('conceals a bought token or pin, and the clipboard’s text, but not the purchase around them', () => {
    const masked = maskSecrets(success(boughtToken));
    expect(masked.data).toEqual({ ...boughtToken, display_value: CONCEALED });
    expect(maskSecrets({ type: 'clipboard.copy', text: BOUGHT_TOKEN })).toEqual({
      type: 'clipboard.copy',
      text: CONCEALED,
    });
  });

  it('shows an actor by its id, not its insides', () => {
    const { actor } = createTestSession(plantedUser);
    expect(maskSecrets({ session: actor })).toEqual({ session: { xstate$$type: 1, id: actor.id } });
    actor.stop();
  });
});

// ── Real actors through the inspector's own pipeline ───────────────────────────────────────

/** The Stately inspector with the app's options, whose adapter keeps what it would post to the inspector window. */
function recordingInspector() {
  const received: unknown[] = [];
  const inspector = createInspector({ send: (event) => void received.push(event) }, maskedInspectorOptions);
  return { inspect: inspector.inspect, received };
}

/** A promise actor that answers at once. */
const answering = <TOutput, TInput>(output: NoInfer<TOutput>) => fromPromise<TOutput, TInput>(async () => output);

/** Runs `drive` on an inspected actor, lets the inspector's deferred conversions run, and returns what it received. */
async function inspected(
  start: (inspect: ReturnType<typeof recordingInspector>['inspect']) => AnyActorRef,
  drive: (actor: AnyActorRef) => Promise<void> | void,
) {
  const { inspect, received } = recordingInspector();
  const actor = start(inspect);
  await drive(actor);
  await settled();
  await settled();
  actor.stop();
  return received;
}

const types = (received: unknown[]) =>
  received.map((event) => (event as { event?: { type?: string } }).event?.type).filter(Boolean);

describe('the inspector receives no planted secret from running actors', () => {
  it('login: the typed password, the captcha token, the answered session token', async () => {
    const received = await inspected(
      (inspect) =>
        createActor(
          loginMachine.provide({
            actors: { login: answering(success(plantedUser)), getCaptchaToken: answering(CAPTCHA_TOKEN) },
          }),
          {
            input: { session: session() },
            inspect,
          },
        ).start(),
      async (actor) => {
        actor.send({ type: 'login.change', field: 'email', value: EMAIL });
        actor.send({ type: 'login.change', field: 'password', value: PASSWORD });
        actor.send({ type: 'login.submit' });
        await settled();
      },
    );
    expect(types(received)).toEqual(
      expect.arrayContaining(['login.change', 'login.submit', 'xstate.done.actor.login']),
    );
    expect(leaksIn(received)).toEqual([]);
    expect(JSON.stringify(received)).toContain(EMAIL);
  });

  it('verifyEmail: the typed code, and the countdown’s remaining seconds stay readable', async () => {
    const received = await inspected(
      (inspect) =>
        createActor(
          verifyEmailMachine.provide({
            actors: { resendOtp: answering(success(null)), verifyOtp: answering(success(null)) },
          }),
          {
            input: { session: session(), countdownSeconds: 2 },
            inspect,
          },
        ).start(),
      async (actor) => {
        await settled();
        actor.send({ type: 'verify.change', values: boxes(4) });
        actor.send({ type: 'verify.submit' });
        await settled();
      },
    );
    expect(types(received)).toEqual(expect.arrayContaining(['verify.change', 'verify.submit']));
    expect(leaksIn(received)).toEqual([]);
    expect(JSON.stringify(received)).toContain('"remaining":2');
    // The code went to the server as the verify call's input: concealed there too.
    expect(JSON.stringify(received)).toContain(`"otp":"${CONCEALED}"`);
  });

  it('pinDialog: the typed boxes and the pin reported to its owner', async () => {
    const owner = listeningOwner();
    const received = await inspected(
      (inspect) => createActor(pinDialogMachine, { input: { owner: owner.actor }, inspect }).start(),
      (actor) => {
        actor.send({ type: 'pin.open' });
        actor.send({ type: 'pin.change', values: boxes(4) });
        actor.send({ type: 'pin.submit' });
      },
    );
    expect(owner.heard).toEqual([{ type: 'pin.accepted', pin: PIN }]);
    expect(types(received)).toEqual(expect.arrayContaining(['pin.change', 'pin.submit']));
    expect(leaksIn(received)).toEqual([]);
  });

  it('profile: the BVN and NIN on file and typed, and the request sent', async () => {
    const received = await inspected(
      (inspect) =>
        createActor(profileMachine.provide({ actors: { updateProfile: answering(success(plantedUser)) } }), {
          input: { session: session() },
          inspect,
        }).start(),
      async (actor) => {
        actor.send({ type: 'profile.change', field: 'bvn', value: BVN });
        actor.send({ type: 'profile.change', field: 'nin', value: NIN });
        actor.send({ type: 'profile.change', field: 'phone', value: PHONE });
        actor.send({ type: 'profile.change', field: 'date_of_birth', value: BORN });
        actor.send({ type: 'profile.submit' });
        await settled();
      },
    );
    expect(types(received)).toEqual(
      expect.arrayContaining(['profile.change', 'profile.submit', 'xstate.done.actor.updateProfile']),
    );
    expect(leaksIn(received)).toEqual([]);
    expect(JSON.stringify(received)).toContain(PHONE);
  });
});
