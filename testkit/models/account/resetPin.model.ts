import { createEmptyActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Envelope } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { resetPinMachine, type ResetPinInput } from '../../../src/machines/account/resetPin';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const COUNTDOWN_S = 2;
const SERVER_WAIT_S = 1;
export const FROM = '/airtime';

export const sent: Envelope = { type: 'success', message: 'we have sent a code to your email' };
export const reset: Envelope = { type: 'success', message: 'transaction pin reset successfully' };
const tooSoon = messages.resendIn.message.replace('{seconds}', String(SERVER_WAIT_S));
const OFFLINE = 'Failed to fetch';

export const OTP = ['4', '8', '1', '5'];
export const PASSWORD = 'Harmattan-2026!';
/** New pin 3915, confirmed. */
export const PINS = '39153915'.split('');

const model = createActorTestModel(resetPinMachine, [
  { type: 'resetPin.otp', otp: OTP },
  { type: 'resetPin.password', password: PASSWORD },
  { type: 'resetPin.pins', pins: PINS },
  // The confirmation's last box still empty.
  { type: 'resetPin.pins', pins: [...PINS.slice(0, -1), ''] },
  { type: 'xstate.done.actor.firstCode', output: sent },
  { type: 'xstate.error.actor.firstCode', error: tooSoon },
  { type: 'xstate.error.actor.firstCode', error: OFFLINE },
  { type: 'xstate.done.actor.resend', output: sent },
  { type: 'xstate.error.actor.resend', error: tooSoon },
  { type: 'xstate.error.actor.resend', error: OFFLINE },
  { type: 'xstate.done.actor.reset', output: reset },
  { type: 'xstate.error.actor.reset', error: 'password is not correct' },
]);

const FIELDS = ['otp', 'password', 'pins'] as const;
const formOf = (snapshot: AnyMachineSnapshot) =>
  snapshot.context.form as { otp: string[]; password: string; pins: string[] };
const untouched = (snapshot: AnyMachineSnapshot) => {
  const form = formOf(snapshot);
  return form.password === '' && [...form.otp, ...form.pins].every((digit) => digit === '');
};
const filledIn = (form: ReturnType<typeof formOf>, field: (typeof FIELDS)[number]) =>
  field === 'password' ? form.password !== '' : form[field].some((digit) => digit !== '');

/**
 * Keeps the paths few: each field is filled once, in form order, and only while empty; another
 * code is asked for only while the form is untouched. Between them they still walk every
 * transition of both regions.
 */
function filterEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject) {
  const field = FIELDS.find((name) => event.type === `resetPin.${name}`);
  if (field) {
    const form = formOf(snapshot);
    const position = FIELDS.indexOf(field);
    return !filledIn(form, field) && FIELDS.slice(0, position).every((earlier) => filledIn(form, earlier));
  }
  const resending =
    event.type === 'xstate.done.actor.countdown' ||
    event.type.endsWith('.actor.resend') ||
    (event.type === 'resetPin.send' && snapshot.matches('active'));
  return !resending || untouched(snapshot);
}
// The traversal never runs actions, so any actor stands in for the session there.
const traversalInput: ResetPinInput = {
  session: createEmptyActor() as unknown as ResetPinInput['session'],
  from: FROM,
  countdownSeconds: COUNTDOWN_S,
};

export const resetPinModel: MachineModel = defineModel({
  name: 'resetPin',
  machine: resetPinMachine,
  model,
  transitions: 16,
  traversals: [
    {
      label: `from ${FROM}`,
      options: { input: traversalInput, filterEvents, serializeState: serializeTransitionTaken },
    },
  ],
  words: {
    'resetPin.otp': () => 'type the e-mailed code',
    'resetPin.password': () => 'type the account password',
    'resetPin.pins': (event) =>
      (event.pins as string[]).every(Boolean)
        ? 'type the new pin and its confirmation'
        : 'type the new pin and all but the last box of its confirmation',
    'xstate.done.actor.firstCode': (event) => `the forgot-pin call answers: ${(event.output as Envelope).message}`,
    'xstate.done.actor.resend': (event) => `the forgot-pin call answers: ${(event.output as Envelope).message}`,
    'xstate.done.actor.countdown': () => 'the countdown runs out',
    'xstate.done.actor.reset': (event) => `the reset-pin call answers: ${(event.output as Envelope).message}`,
  },
});
