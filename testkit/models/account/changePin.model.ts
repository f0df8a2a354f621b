import type { Envelope, PinRefusal, UserData } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { changePinMachine } from '../../../src/machines/account/changePin';
import { ada } from '../../fixtures';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

const digits = (code: string) => code.split('');
/** Old pin 2580, new pin 1357, confirmed. */
export const filled = digits('258013571357');
/** The server answers the user's fields: the pin is still only the marker, the wrong-pin count cleared. */
export const changed: Envelope<UserData> = {
  type: 'success',
  message: 'pin changed successfully',
  data: { ...ada, pin: 'set', pin_attempts: 0 },
};
/** What `callOk` throws when the server refuses the old pin: the message, and why in `data`. */
const refusal = (message: string, data: PinRefusal) => new ApiError({ type: 'error', message, data });
export const wrongOldPin = refusal('old pin is not correct', {
  reason: 'pin-incorrect',
  pin_attempts: 2,
  max_attempts: 3,
  attempts_left: 1,
});
export const loggedOut = refusal('too many wrong transaction pins: you have been logged out (authorization revoked)', {
  reason: 'pin-logout',
});
export const locked = refusal(
  'purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)',
  { reason: 'pin-locked' },
);

const model = createActorTestModel(changePinMachine, [
  // `filled` only names the case in the test titles.
  { type: 'pin.change', values: filled, filled: 12 },
  // The last box of the confirmation still empty.
  { type: 'pin.change', values: [...filled.slice(0, -1), ''], filled: 11 },
  { type: 'xstate.done.actor.changePin', output: changed },
  // A refusal without a reason: shown as the server words it. `reason` names the others in the titles.
  { type: 'xstate.error.actor.changePin', error: 'pin and confirm pin do not match' },
  { type: 'xstate.error.actor.changePin', error: wrongOldPin, reason: 'pin-incorrect' },
  { type: 'xstate.error.actor.changePin', error: loggedOut, reason: 'pin-logout' },
  { type: 'xstate.error.actor.changePin', error: locked, reason: 'pin-locked' },
]);

export const changePinModel: MachineModel = defineModel({
  name: 'changePin',
  machine: changePinMachine,
  model,
  transitions: 8,
  traversals: [
    {
      label: 'signed in with a pin',
      options: {
        input: { session: createTestSession(ada).actor },
        // Each server refusal gets its own path, as does a rejected submit.
        serializeState: keyApart(model, ['pin.submit', 'xstate.error.actor.changePin']),
      },
    },
  ],
  words: {
    'pin.change': (event) => `fill ${String(event.filled)} of the 12 pin boxes`,
    'xstate.done.actor.changePin': (event) => `the change-pin call answers: ${(event.output as Envelope).message}`,
    'xstate.error.actor.changePin': (event) =>
      `the change-pin call refuses: ${event.error instanceof Error ? event.error.message : String(event.error)}`,
  },
});
