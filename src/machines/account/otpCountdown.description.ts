import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/otpCountdown.ts in docs/machines. */
export default {
  summary: 'The seconds left before another code may be asked for, ticking down once a second to a final state.',
  events: {},
  guards: {
    isOver: 'No second is left.',
  },
  actions: {
    countDown: 'Takes one second off.',
  },
  actors: {},
  delays: {
    tick: 'One second.',
  },
} satisfies MachineDescription;
