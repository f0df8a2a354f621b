import { OTP_RESEND_COUNTDOWN_S } from '../../../core/limits';
import { otpCountdownMachine } from '../../../src/machines/account/otpCountdown';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

/** Short, so a path walks every second; the machine's own default (59 s) is asserted by the suite. */
export const COUNTDOWN_SECONDS = 2;

const countdownFrom = (seconds: number) => ({
  label: `from ${seconds} s`,
  options: { input: { seconds }, serializeState: serializeTransitionTaken },
});

export const otpCountdownModel: MachineModel = defineModel({
  name: 'otpCountdown',
  machine: otpCountdownMachine,
  model: createActorTestModel(otpCountdownMachine),
  transitions: 2,
  traversals: [COUNTDOWN_SECONDS, 0].map(countdownFrom),
  // In the browser the countdown is the app's own.
  browser: countdownFrom(OTP_RESEND_COUNTDOWN_S),
});
