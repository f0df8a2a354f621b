import { createEmptyActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { phoneMessages } from '../../../core/words/phone';
import { phoneVerificationMachine, type PhoneVerificationInput } from '../../../src/machines/account/phoneVerification';
import { ada } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const COUNTDOWN_S = 2;
const SERVER_WAIT_S = 1;

export const sent: Envelope = { type: 'success', message: phoneMessages.codeSent.message };
export const verified: Envelope<UserData> = {
  type: 'success',
  message: phoneMessages.verified.message,
  data: { ...ada, phone_verified: true },
};
const tooSoon = messages.resendIn.message.replace('{seconds}', String(SERVER_WAIT_S));
const OFFLINE = 'Failed to fetch';

/** Pasted with separators: the field keeps the six digits. */
export const TYPED = '48 21-36';
export const CODE = '482136';
/** What the browser read from the text (WebOTP). */
export const READ = '905172';

const model = createActorTestModel(phoneVerificationMachine, [
  { type: 'phone.otp', otp: '48' },
  { type: 'phone.otp', otp: TYPED },
  { type: 'xstate.done.actor.firstCode', output: sent },
  { type: 'xstate.error.actor.firstCode', error: tooSoon },
  { type: 'xstate.error.actor.firstCode', error: OFFLINE },
  { type: 'xstate.done.actor.resend', output: sent },
  { type: 'xstate.error.actor.resend', error: tooSoon },
  { type: 'xstate.error.actor.resend', error: OFFLINE },
  { type: 'xstate.done.actor.webOtp', output: READ },
  { type: 'xstate.done.actor.verify', output: verified },
  { type: 'xstate.error.actor.verify', error: 'invalid or expired code' },
]);

const otpOf = (snapshot: AnyMachineSnapshot) => snapshot.context.otp as string;

/**
 * Keeps the paths few: the code is typed part-way only into an empty field, whole only once;
 * another code is asked for, and the browser reads the text, only while nothing is typed; the
 * prompt is put off only before a code is asked for, or once one is on its way.
 */
function filterEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject) {
  const otp = otpOf(snapshot);
  if (event.type === 'phone.otp') return event.otp === TYPED ? otp !== CODE : otp === '';
  if (event.type === 'phone.dismiss')
    return snapshot.context.prompt === true && (snapshot.matches({ asking: 'idle' }) || snapshot.matches('active'));
  const resending =
    event.type === 'xstate.done.actor.countdown' ||
    event.type.endsWith('.actor.resend') ||
    event.type === 'xstate.done.actor.webOtp' ||
    (event.type === 'phone.send' && snapshot.matches('active'));
  return !resending || otp === '';
}

/** The two other starts walk only what they change: the first code sent at once, the prompt put off. */
const firstStepsOnly = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  snapshot.matches('asking') || event.type === 'phone.dismiss';

// The traversal never runs actions, so any actor stands in for the session there.
const session = createEmptyActor() as unknown as PhoneVerificationInput['session'];

export const phoneVerificationModel: MachineModel = defineModel({
  name: 'phoneVerification',
  machine: phoneVerificationMachine,
  model,
  transitions: 18,
  traversals: [
    {
      label: 'on /profile, the code asked for',
      options: {
        input: { session, countdownSeconds: COUNTDOWN_S } satisfies PhoneVerificationInput,
        filterEvents,
        serializeState: serializeTransitionTaken,
      },
    },
    {
      label: 'on /profile, the phone just saved',
      options: {
        input: { session, sendAtOnce: true, countdownSeconds: COUNTDOWN_S } satisfies PhoneVerificationInput,
        filterEvents: (snapshot, event) => filterEvents(snapshot, event) && firstStepsOnly(snapshot, event),
        serializeState: serializeTransitionTaken,
      },
    },
    {
      label: "the dashboard's prompt",
      options: {
        input: { session, prompt: true, countdownSeconds: COUNTDOWN_S } satisfies PhoneVerificationInput,
        filterEvents: (snapshot, event) => filterEvents(snapshot, event) && firstStepsOnly(snapshot, event),
        serializeState: serializeTransitionTaken,
      },
    },
  ],
  words: {
    'phone.otp': (event) =>
      (event.otp as string) === TYPED ? 'paste the texted code, with separators' : 'type the first two digits',
    'xstate.done.actor.firstCode': (event) => `the send-phone-code call answers: ${(event.output as Envelope).message}`,
    'xstate.done.actor.resend': (event) => `the send-phone-code call answers: ${(event.output as Envelope).message}`,
    'xstate.done.actor.countdown': () => 'the countdown runs out',
    'xstate.done.actor.webOtp': () => 'the browser reads the code from the text',
    'xstate.done.actor.verify': (event) => `the verify-phone call answers: ${(event.output as Envelope).message}`,
  },
});
