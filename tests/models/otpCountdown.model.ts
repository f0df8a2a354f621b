import { otpCountdownMachine } from '../../src/machines/otpCountdown';
import { createActorTestModel, serializeTransitionTaken } from '../support/flowHarness';
import { defineModel, type MachineModel } from './machineModel';

/** Short, so a path walks every second; the machine's own default (59 s) is asserted by the suite. */
export const COUNTDOWN_SECONDS = 2;

export const otpCountdownModel: MachineModel = defineModel({
  name: 'otpCountdown',
  machine: otpCountdownMachine,
  summary: 'The "resend code in N s" countdown beside every code form: one tick a second until the resend link returns.',
  model: createActorTestModel(otpCountdownMachine),
  transitions: 2,
  traversals: [COUNTDOWN_SECONDS, 0].map((seconds) => ({
    label: `from ${seconds} s`,
    options: { input: { seconds }, serializeState: serializeTransitionTaken },
  })),
});
